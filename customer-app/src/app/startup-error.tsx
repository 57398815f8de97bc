import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StatusPage } from '../components/status-page';
import { theme } from './theme';

/** Shown when the configuration or the stored session cannot be loaded; nothing else can run. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Container component="main" maxWidth="sm">
        <StatusPage
          title="The portal could not start"
          noindex
          actions={
            <Button variant="contained" onClick={() => window.location.reload()}>
              Try again
            </Button>
          }
        >
          <Alert severity="error" sx={{ textAlign: 'left' }}>
            {error instanceof Error ? error.message : 'An unexpected error occurred.'}
          </Alert>
        </StatusPage>
      </Container>
    </ThemeProvider>
  );
}
