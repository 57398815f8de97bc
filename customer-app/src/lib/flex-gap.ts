/**
 * For the `sx` of a flex row with `gap` (theme spacing units): the margins that space its items instead where the
 * browser lacks flex gap (Chrome/Edge before 84, Safari before 14.1), which scripts/flex-gap.js marks on <html>.
 * Rows that wrap keep no space between their lines there, which reads fine for the chips and buttons that use it.
 */
export const flexGapFallback = (gap: number) => ({ '.no-flex-gap & > * + *': { ml: gap } });
