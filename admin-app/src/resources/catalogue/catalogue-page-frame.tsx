import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  Loading,
  Title,
  useBasename,
  useGetOne,
  useRequireAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The frame of a hand-made page of a catalogue item (a tool or a bundle): edit access to the item's resource,
 * its name in the title and a way back to it.
 */
export function CatalogueItemFrame({
  resource,
  id,
  titleKey,
  children,
}: {
  resource: 'software' | 'software-bundles';
  id: string;
  titleKey: string;
  children: (item: RaRecord) => ReactNode;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const access = useRequireAccess({ resource, action: 'edit' });
  const { data: item, isPending } = useGetOne(resource, { id }, { enabled: !access.isPending });
  if (access.isPending || isPending) return <Loading />;
  if (!item) return null;
  const title = translate(titleKey, { name: String(item.name ?? '') });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Button
          component={Link}
          to={`${basename}/${resource}/${encodeURIComponent(String(item.id))}/show`}
          startIcon={<ArrowBack />}
        >
          {translate('portal.catalogue.back', { name: String(item.name ?? '') })}
        </Button>
        <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500 }}>
          {title}
        </Typography>
      </Box>
      {children(item)}
    </Box>
  );
}
