import { createTheme } from '@mui/material/styles';
import { tokens } from './tokens';

/** The MUI theme of the portal, on the shell's tokens: brand colours with AA contrast, compact headings on a phone. */
export const theme = createTheme({
  palette: {
    primary: { main: tokens.primary, dark: tokens.primaryDark, contrastText: tokens.onPrimary },
    secondary: { main: tokens.secondary, contrastText: tokens.onSecondary },
    error: { main: tokens.error },
    background: { default: tokens.background, paper: tokens.paper },
    text: { primary: tokens.text, secondary: tokens.textSecondary },
    divider: tokens.divider,
  },
  shape: { borderRadius: Number.parseInt(tokens.radius, 10) },
  typography: {
    fontFamily: tokens.fontFamily,
    h1: { fontSize: '1.75rem', fontWeight: 600, '@media (min-width:600px)': { fontSize: '2rem' } },
    h2: { fontSize: '1.375rem', fontWeight: 600, '@media (min-width:600px)': { fontSize: '1.5rem' } },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
