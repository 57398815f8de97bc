/**
 * The launcher toolbox's download page (spec §9 names a "launcher toolbox" link without its address). It belongs
 * with the other external links in `src/links.ts`; it lives here until that file carries it.
 */
export const LAUNCHER_DOWNLOAD_URL = 'https://www.example.com/tools/launcher-toolbox';
