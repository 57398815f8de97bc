import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { flexGapFallback } from '../../../lib/flex-gap';

interface PageHeadingProps {
  title: string;
  /** The page one level up. */
  back?: { to: string; label: string };
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Buttons or a menu at the end of the heading row. */
  actions?: ReactNode;
}

/** The top of a project page: a link back up, the heading, an optional subtitle and actions. */
export function PageHeading({ title, back, subtitle, actions }: PageHeadingProps) {
  return (
    <Box sx={{ mb: 3 }}>
      {back && (
        <Link
          component={RouterLink}
          to={back.to}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, ...flexGapFallback(0.5) }}
        >
          <ArrowBack fontSize="small" aria-hidden="true" />
          <span>{back.label}</span>
        </Link>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>
            {title}
          </Typography>
          {subtitle && <Box sx={{ mt: 1, color: 'text.secondary' }}>{subtitle}</Box>}
        </Box>
        {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
      </Stack>
    </Box>
  );
}
