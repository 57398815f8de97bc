/** Whether the maintenance banner shows (spec product §4): when its show value is true and the user has not closed it. */
export function isMaintenanceBannerVisible(
  info: { show?: boolean | null } | null | undefined,
  closedByUser = false,
): boolean {
  return info?.show === true && !closedByUser;
}

/** The product suffix of every page title and the title of pages without a name of their own (spec product §9). */
const PAGE_TITLE_SUFFIX = ' | Developer Portal';
export const DEFAULT_PAGE_TITLE = `Products and tools${PAGE_TITLE_SUFFIX}`;

/** The document title of a page: its name plus the product suffix, or the default title when it has no name. */
export function pageTitle(pageName?: string | null): string {
  const name = pageName?.trim();
  return name ? `${name}${PAGE_TITLE_SUFFIX}` : DEFAULT_PAGE_TITLE;
}

const COPYRIGHT_START_YEAR = 1999;

/**
 * The years of the footer's copyright line (spec product §2.4): '1999–2025'. A clock set before 1999 gives
 * '1999' rather than a backwards range. The current year is a parameter so the function stays pure.
 */
export function copyrightYears(currentYear: number): string {
  if (!Number.isInteger(currentYear)) throw new RangeError(`Not a year: ${currentYear}`);
  return currentYear > COPYRIGHT_START_YEAR
    ? `${COPYRIGHT_START_YEAR}–${currentYear}`
    : `${COPYRIGHT_START_YEAR}`;
}
