import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

interface StatusPageProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links offered to leave the page. */
  actions?: ReactNode;
  /** Soft 404s and error pages ask robots not to index them. */
  noindex?: boolean;
}

/** Layout of the guard targets and error pages: one heading, a short text, a way out. */
export function StatusPage({ title, children, actions, noindex = false }: StatusPageProps) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: { xs: 4, sm: 8 } }}>
      <DocumentTitle title={title} noindex={noindex} />
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {children && (
        <Typography component="div" color="text.secondary">
          {children}
        </Typography>
      )}
      {actions && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          {actions}
        </Stack>
      )}
    </Box>
  );
}
