import type { ThemeOptions } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// Buttons and tabs show their labels as written ("Set Under Review", "Pending"), not in capitals: the
// spec gives these texts exactly, and mixed case is easier to scan in a dense review queue.
// react-admin's default themes are MUI ThemeOptions, whose palette may be absent; RaThemeOptions wants one.
const asWritten = (theme: ThemeOptions): RaThemeOptions => ({
  ...theme,
  palette: { ...theme.palette },
  components: {
    ...theme.components,
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});

// react-admin's default blues (#2196f3 app bar, #1976d2 links) fall just short of 4.5:1 contrast with
// white text and the light page background; one shade darker passes.
export const lightTheme = asWritten({
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { light: '#5e92f3', main: '#0d47a1', dark: '#002171', contrastText: '#fff' },
  },
});
// MUI's dark red (#f44336) with white text is 3.7:1, so the review dialog's Reject failed contrast; dark
// text on it, as MUI gives the dark theme's green (Approve), is above 5:1.
export const darkTheme = asWritten({
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' } },
});
