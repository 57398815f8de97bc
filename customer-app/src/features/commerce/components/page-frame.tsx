import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';

interface PageFrameProps {
  /** The tab title (page name); the heading too unless `heading` says otherwise. */
  title: string;
  heading?: ReactNode;
  /** A line or two under the heading. */
  intro?: ReactNode;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** Above the heading: a way back. */
  back?: ReactNode;
  children: ReactNode;
}

/** The frame of every commerce page: MUI, the tab title, one h1 with its actions, the content. */
export function PageFrame({ title, heading, intro, actions, back, children }: PageFrameProps) {
  return (
    <MuiScope>
      <DocumentTitle title={title} />
      {back && <Box sx={{ mb: 1 }}>{back}</Box>}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" gutterBottom={!!intro} sx={{ overflowWrap: 'anywhere' }}>
            {heading ?? title}
          </Typography>
          {intro && (
            <Typography component="div" color="text.secondary">
              {intro}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </MuiScope>
  );
}
