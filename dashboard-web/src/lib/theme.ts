import { createTheme } from '@mui/material/styles';

/** The brand blue: the primary colour, and keyboard focus rings. */
export const PRIMARY_MAIN = '#1f4fd1';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_MAIN },
    secondary: { main: '#0f766e' },
    // Material's orange with its white label is about 3:1, under WCAG's 4.5:1; near-black on it is about 7:1.
    warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
  },
  shape: { borderRadius: 10 },
  components: {
    // No ripple (its code is left out of the build, vite.config.ts): keyboard focus is an outline, which the
    // ripple's faint pulse only hinted at.
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      // A blue ring, with a white gap that keeps it visible on dark backgrounds.
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY_MAIN}`, outlineOffset: 2, boxShadow: '0 0 0 2px #fff' } } },
    },
    // Labels keep the spec's casing ("Create Account", "Sign In") instead of Material's all-caps.
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
