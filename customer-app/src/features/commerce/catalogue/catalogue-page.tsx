import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogueCategory } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { catalogueListQuery } from '../api/catalogue';
import { EmptyState, ErrorBlock, LoadingBlock } from '../components/query-states';
import { PageFrame } from '../components/page-frame';
import { PageLinks } from '../components/page-links';
import { CatalogueCard } from './catalogue-card';
import {
  CATALOGUE_PAGE_SIZE,
  SCOPE_CATEGORIES,
  readCatalogueSearch,
  toListQuery,
  writeCatalogueSearch,
  type CatalogueScope,
  type CatalogueSort,
} from './catalogue-search';

const TITLES: Record<CatalogueScope, MessageKey> = {
  all: 'page.assets',
  software: 'page.software',
  bundles: 'page.softwareBundles',
  documents: 'page.documents',
};

const INTROS: Record<CatalogueScope, MessageKey> = {
  all: 'commerce.intro.all',
  software: 'commerce.intro.software',
  bundles: 'commerce.intro.bundles',
  documents: 'commerce.intro.documents',
};

interface CataloguePageProps {
  scope: CatalogueScope;
  /** Beside the heading, e.g. the custom bundle on the bundles view. */
  actions?: ReactNode;
}

/**
 * A catalogue view (spec §2.1 /assets, /assets/software, /assets/software-bundles, /documents): searchable
 * (`q`, written by the layout's filter bar), filterable by category, sortable and paged, with all of that in
 * the URL so a view can be shared, bookmarked and gone back to.
 */
export function CataloguePage({ scope, actions }: CataloguePageProps) {
  const { t, locale } = useI18n();
  const { api } = usePortal();
  const [params, setParams] = useSearchParams();
  const search = readCatalogueSearch(params, scope);
  const query = useQuery(catalogueListQuery(api, toListQuery(search, scope)));
  const sortId = useId();
  const categoriesId = useId();
  const title = t(TITLES[scope]);

  const change = (next: Parameters<typeof writeCatalogueSearch>[2]) =>
    setParams(writeCatalogueSearch(params, search, next));

  const total = query.data?.range.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  // A page past the end (an old link, or a new search from a later page) goes to the last one.
  const beyond = query.isSuccess && !query.isPlaceholderData && search.page > pages;
  useEffect(() => {
    if (beyond) setParams(writeCatalogueSearch(params, search, { page: pages }), { replace: true });
  }, [beyond, pages, params, search, setParams]);

  const categories = SCOPE_CATEGORIES[scope];
  const toggle = (category: CatalogueCategory) =>
    change({
      categories: search.categories.includes(category)
        ? search.categories.filter((chosen) => chosen !== category)
        : [...search.categories, category],
    });
  const filtered = search.q !== '' || search.categories.length > 0;
  const first = query.data ? query.data.range.offset + 1 : 0;
  const last = query.data ? query.data.range.offset + query.data.data.length : 0;

  return (
    <PageFrame title={title} intro={t(INTROS[scope])} actions={actions}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        {categories.length > 1 ? (
          <Box
            role="group"
            aria-labelledby={categoriesId}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <Typography id={categoriesId} variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
              {t('commerce.filter.categories')}
            </Typography>
            {categories.map((category) => {
              const chosen = search.categories.includes(category);
              return (
                <Chip
                  key={category}
                  label={t(`commerce.category.${category}`)}
                  color={chosen ? 'primary' : 'default'}
                  variant={chosen ? 'filled' : 'outlined'}
                  onClick={() => toggle(category)}
                  aria-pressed={chosen}
                />
              );
            })}
          </Box>
        ) : (
          <Box />
        )}
        <TextField
          select
          id={sortId}
          size="small"
          label={t('commerce.sort.label')}
          value={search.sort}
          onChange={(event) => change({ sort: event.target.value as CatalogueSort })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="name">{t('commerce.sort.name')}</MenuItem>
          <MenuItem value="updatedAt">{t('commerce.sort.updatedAt')}</MenuItem>
        </TextField>
      </Stack>

      {search.q && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
          <Typography variant="body2">{t('commerce.searchingFor')}</Typography>
          <Chip
            label={search.q}
            onDelete={() => change({ q: '' })}
            aria-label={t('commerce.clearSearchNamed', { q: search.q })}
          />
        </Stack>
      )}

      <Box aria-live="polite" sx={{ mb: 1, minHeight: 24 }}>
        {query.isSuccess && total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('commerce.resultRange', {
              first: first.toLocaleString(locale),
              last: last.toLocaleString(locale),
              total: total.toLocaleString(locale),
            })}
          </Typography>
        )}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching && query.isPlaceholderData && (
          <LinearProgress aria-label={t('commerce.loadingResults')} />
        )}
      </Box>

      {query.isPending ? (
        <LoadingBlock label={t('commerce.loadingResults')} />
      ) : query.isError ? (
        <ErrorBlock
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('commerce.listFailed')}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={<SearchOff />}
          title={filtered ? t('commerce.noResults') : t('commerce.emptyCatalogue')}
          text={filtered ? t('commerce.noResultsText') : undefined}
          action={
            filtered && (
              <Button variant="outlined" onClick={() => change({ q: '', categories: [] })}>
                {t('commerce.clearFilters')}
              </Button>
            )
          }
        />
      ) : (
        <>
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.data.data.map((item) => (
              <Grid key={`${item.kind}:${item.id}`} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <CatalogueCard item={item} />
              </Grid>
            ))}
          </Grid>
          <PageLinks page={search.page} pages={pages} />
        </>
      )}
    </PageFrame>
  );
}
