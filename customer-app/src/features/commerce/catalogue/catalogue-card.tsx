import Article from '@mui/icons-material/Article';
import Build from '@mui/icons-material/Build';
import Cloud from '@mui/icons-material/Cloud';
import Inventory2 from '@mui/icons-material/Inventory2';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CatalogueItem } from '@portal/resources';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { itemPath } from './catalogue-search';

function KindIcon({ item }: { item: CatalogueItem }) {
  if (item.kind === 'document') return <Article />;
  if (item.kind === 'software-bundle') return <Inventory2 />;
  if (item.category === 'tool_online') return <Cloud />;
  return <Build />;
}

/**
 * One entry of the catalogue: its kind, name, description, latest version and tags, and what can be done with
 * it. The whole card is one link to the details page, named by the entry.
 */
export function CatalogueCard({ item }: { item: CatalogueItem }) {
  const { t } = useI18n();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="article">
      <CardActionArea
        component={RouterLink}
        to={itemPath(item)}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Box aria-hidden="true" sx={{ display: 'flex', color: 'primary.main' }}>
              <KindIcon item={item} />
            </Box>
            <Typography variant="body2">{t(`commerce.category.${item.category}`)}</Typography>
          </Stack>
          <Typography component="h2" variant="h6" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {item.name}
          </Typography>
          {item.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {item.description}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {item.latestVersion && (
            <Typography variant="body2">
              {t('commerce.latestVersion', { version: item.latestVersion })}
            </Typography>
          )}
          {(item.tags.length > 0 || item.payable || item.installable) && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {item.payable && <Chip size="small" color="primary" label={t('commerce.badge.payable')} />}
              {item.installable && (
                <Chip size="small" variant="outlined" label={t('commerce.badge.launcher')} />
              )}
              {item.tags.map((tag) => (
                <Chip key={tag} size="small" variant="outlined" label={tag} />
              ))}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
