import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f4fd1' },
    secondary: { main: '#0f766e' },
  },
  shape: { borderRadius: 10 },
  // Labels keep the spec's casing ("Create Account", "Sign In") instead of Material's all-caps.
  components: { MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
