import { withTexts } from '../i18n/i18n';

const loadTexts = () => import('../i18n/en-us-shell-pages').then((m) => m.shellPageTexts);

/** Loads one of the shell's lazy pages or parts together with their texts (`i18n/en-us-shell-pages.ts`). */
export const withShellPageTexts = <M>(load: () => Promise<M>): (() => Promise<M>) =>
  withTexts(loadTexts, load);
