import { reachablePages, type CatalogueCategory } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Chip, ToggleChip } from '../../../components/ui/chip';
import { SelectField } from '../../../components/ui/field';
import { SvgIcon } from '../../../components/ui/icon';
import { searchOff } from '../../../components/ui/page-icons';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import ui from '../../../styles/ui.module.css';
import { catalogueListQuery } from '../api/catalogue';
import { LightPageFrame } from '../components/light-page-frame';
import { PageLinks } from '../components/page-links';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../components/query-states';
import { CatalogueCard } from './catalogue-card';
import {
  CATALOGUE_PAGE_SIZE,
  SCOPE_CATEGORIES,
  isCatalogueSort,
  readCatalogueSearch,
  toListQuery,
  writeCatalogueSearch,
  type CatalogueScope,
} from './catalogue-search';
import styles from './catalogue.module.css';

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
  const categoriesId = useId();
  const title = t(TITLES[scope]);

  const change = (next: Parameters<typeof writeCatalogueSearch>[2]) =>
    setParams(writeCatalogueSearch(params, search, next));

  const total = query.data?.range.total ?? 0;
  // Pages past the deepest the server answers are not offered (LIST_MAX_OFFSET).
  const pages = reachablePages(total, CATALOGUE_PAGE_SIZE);
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
    <LightPageFrame title={title} intro={t(INTROS[scope])} actions={actions}>
      <div className={styles.toolbar}>
        {categories.length > 1 ? (
          <div role="group" aria-labelledby={categoriesId} className={styles.categories}>
            <span id={categoriesId} className={styles.categoriesLabel}>
              {t('commerce.filter.categories')}
            </span>
            {categories.map((category) => (
              <ToggleChip
                key={category}
                label={t(`commerce.category.${category}`)}
                pressed={search.categories.includes(category)}
                onClick={() => toggle(category)}
              />
            ))}
          </div>
        ) : (
          <div />
        )}
        <SelectField
          className={styles.sort}
          label={t('commerce.sort.label')}
          value={search.sort}
          onChange={(event) => {
            if (isCatalogueSort(event.target.value)) change({ sort: event.target.value });
          }}
        >
          <option value="name">{t('commerce.sort.name')}</option>
          <option value="updatedAt">{t('commerce.sort.updatedAt')}</option>
        </SelectField>
      </div>

      {search.q && (
        <div className={styles.searching}>
          <span>{t('commerce.searchingFor')}</span>
          <Chip
            look="filled"
            label={search.q}
            onDelete={() => change({ q: '' })}
            deleteLabel={t('commerce.clearSearchNamed', { q: search.q })}
          />
        </div>
      )}

      <div aria-live="polite" className={styles.count}>
        {query.isSuccess &&
          total > 0 &&
          t('commerce.resultRange', {
            first: first.toLocaleString(locale),
            last: last.toLocaleString(locale),
            total: total.toLocaleString(locale),
          })}
      </div>
      <div className={styles.progressSlot}>
        {query.isFetching && query.isPlaceholderData && (
          <div role="progressbar" aria-label={t('commerce.loadingResults')} className={ui.progress} />
        )}
      </div>

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
          icon={<SvgIcon d={searchOff} />}
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
          <ul className={styles.grid}>
            {query.data.data.map((item) => (
              <li key={`${item.kind}:${item.id}`}>
                <CatalogueCard item={item} />
              </li>
            ))}
          </ul>
          <PageLinks page={search.page} pages={pages} />
        </>
      )}
    </LightPageFrame>
  );
}
