import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';

/** `page` of the URL (from 1). */
export function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/**
 * Links to the pages of a list: real links to `?page=N`, so a page can be opened in a new tab and the browser's
 * Back goes to the previous one. Nothing when everything fits on one page.
 */
export function PageLinks({ page, pages }: { page: number; pages: number }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (pages <= 1) return null;
  const href = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
      <Pagination
        aria-label={t('commerce.pagination')}
        page={Math.min(page, pages)}
        count={pages}
        getItemAriaLabel={(type, target, selected) => {
          if (type === 'page')
            return t(selected ? 'commerce.pageCurrent' : 'commerce.pageN', { page: target ?? 1 });
          if (type === 'first' || type === 'last' || type === 'next' || type === 'previous')
            return t(`commerce.page.${type}`);
          return '';
        }}
        renderItem={(item) => <PaginationItem component={RouterLink} to={href(item.page ?? 1)} {...item} />}
      />
    </Box>
  );
}
