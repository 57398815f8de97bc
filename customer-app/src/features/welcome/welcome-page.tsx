import AppRegistration from '@mui/icons-material/AppRegistration';
import Description from '@mui/icons-material/Description';
import Inventory2 from '@mui/icons-material/Inventory2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { loginPath, paths } from '../../paths';
import { useSessionUser } from '../../session/use-session-user';

export function WelcomePage() {
  const signedIn = useSessionUser() !== null;
  return (
    <>
      <DocumentTitle title="Welcome" />
      <Box component="section" aria-labelledby="welcome-heading" sx={{ py: { xs: 2, sm: 6 }, maxWidth: 720 }}>
        <Typography id="welcome-heading" variant="h1" gutterBottom>
          Welcome to the Developer Portal
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ fontSize: '1.125rem' }}>
          Register your evaluation boards as projects, download software and tools, and find the documents you
          need to design in our products.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          {signedIn ? (
            <Button component={RouterLink} to={paths.myProjects} variant="contained" size="large">
              Go to my projects
            </Button>
          ) : (
            <>
              <Button component={RouterLink} to={loginPath()} variant="contained" size="large">
                Login
              </Button>
              <Button
                component={RouterLink}
                to={loginPath({ register: true })}
                variant="outlined"
                size="large"
              >
                Register
              </Button>
            </>
          )}
        </Stack>
      </Box>
      <Grid
        container
        spacing={3}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Get started"
      >
        <EntryCard to={paths.createProject} icon={<AppRegistration />} title="Register a product">
          Turn your board into a project with getting-started material, tools and documents.
        </EntryCard>
        <EntryCard to={paths.assets} icon={<Inventory2 />} title="Software and tools">
          Browse software, bundles and tools for our products.
        </EntryCard>
        <EntryCard to={paths.documents} icon={<Description />} title="Documents">
          Data sheets, user guides and application notes.
        </EntryCard>
      </Grid>
    </>
  );
}

function EntryCard({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Grid component="li" size={{ xs: 12, md: 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          <CardContent>
            <Box aria-hidden="true" sx={{ color: 'primary.main', mb: 1 }}>
              {icon}
            </Box>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {children}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}
