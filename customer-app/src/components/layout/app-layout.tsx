import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

export function AppLayout() {
  const navigation = useNavigation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <AppHeader />
      <Box sx={{ height: 4 }}>
        {navigation.state !== 'idle' && <LinearProgress aria-label="Loading page" />}
      </Box>
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flex: 1, py: 4, outline: 'none' }}
      >
        <Outlet />
      </Container>
      <AppFooter />
      <ScrollRestoration />
    </Box>
  );
}
