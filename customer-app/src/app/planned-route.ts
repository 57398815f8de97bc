import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { lazyPage } from './lazy-page';
import { withShellPageTexts } from './shell-page-texts';

const placeholder = lazyPage(
  withShellPageTexts(() => import('../components/placeholder-page')),
  (m) => m.PlaceholderPage,
);

/** A page of a later feature: its path, guard and title are here; its content comes with the feature. */
export function planned(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: placeholder };
}
