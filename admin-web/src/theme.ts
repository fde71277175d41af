import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// Buttons and tabs show their labels as written ("Set Under Review", "Pending"), not in capitals: the
// spec gives these texts exactly, and mixed case is easier to scan in a dense review queue.
const asWritten = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  components: {
    ...theme.components,
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});

export const lightTheme = asWritten(defaultLightTheme);
export const darkTheme = asWritten(defaultDarkTheme);
