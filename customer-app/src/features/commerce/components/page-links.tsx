import { Link, useLocation, useSearchParams } from 'react-router';
import { SvgIcon } from '../../../components/ui/icon';
import { chevronLeft, chevronRight } from '../../../components/ui/page-icons';
import { useI18n } from '../../../i18n/i18n';
import styles from './page-links.module.css';

export { readPage } from './read-page';

/**
 * The page numbers to show, with `gap` for the ellipses: the first and last page, the current one and one on
 * either side, as MUI's pagination shows them (a gap of one page shows that page instead).
 */
export function pageItems(page: number, count: number): (number | 'gap')[] {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
  if (count <= 7) return range(1, count);
  const start = Math.max(Math.min(page - 1, count - 4), 3);
  const end = Math.min(Math.max(page + 1, 5), count - 2);
  return [1, start > 3 ? 'gap' : 2, ...range(start, end), end < count - 2 ? 'gap' : count - 1, count];
}

/**
 * Links to the pages of a list: real links to `?page=N`, so a page can be opened in a new tab and the browser's
 * Back goes to the previous one. Nothing when everything fits on one page. Plain links, no MUI.
 */
export function PageLinks({ page, pages }: { page: number; pages: number }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  const href = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const step = (target: number, type: 'previous' | 'next') =>
    target < 1 || target > pages ? (
      <span className={`${styles.item} ${styles.disabled}`} aria-hidden="true">
        <SvgIcon d={type === 'next' ? chevronRight : chevronLeft} small />
      </span>
    ) : (
      <Link className={styles.item} to={href(target)} aria-label={t(`commerce.page.${type}`)}>
        <SvgIcon d={type === 'next' ? chevronRight : chevronLeft} small />
      </Link>
    );
  return (
    <nav aria-label={t('commerce.pagination')} className={styles.nav}>
      <ul className={styles.list}>
        <li>{step(current - 1, 'previous')}</li>
        {pageItems(current, pages).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              <span className={styles.gap}>…</span>
            ) : (
              <Link
                className={item === current ? `${styles.item} ${styles.current}` : styles.item}
                to={href(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t(item === current ? 'commerce.pageCurrent' : 'commerce.pageN', { page: item })}
              >
                {item}
              </Link>
            )}
          </li>
        ))}
        <li>{step(current + 1, 'next')}</li>
      </ul>
    </nav>
  );
}
