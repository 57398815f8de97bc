import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { withTexts } from '../../i18n/i18n';
import type { RouteHandle } from '../../app/route-handle';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';
import type { CatalogueScope } from './catalogue/catalogue-search';
import { loadCatalogueTexts, loadCheckoutTexts, loadCommerceTexts, loadItemPageTexts } from './texts';

type Texts = () => Promise<Readonly<Record<string, string>>>;

interface PageOptions {
  /** Starts the page's first query from the route's loader. */
  prefetch?: (args: LoaderFunctionArgs) => Promise<void>;
  /** The texts the page needs; all of the commerce texts by default. */
  texts?: Texts;
}

/**
 * A lazily loaded page at `path`: its code arrives with the first visit, not with the app. With `prefetch`, the
 * route's loader starts the page's first query while that code loads (the small module holding the queries is
 * fetched beside the page's chunks; the loader does not wait for the data).
 */
export function page<M>(
  path: string,
  handle: RouteHandle,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { prefetch, texts = loadCommerceTexts }: PageOptions = {},
): RouteObject {
  return {
    path,
    handle,
    lazy: lazyPage(withTexts(texts, load), pick),
    ...(prefetch && {
      loader: async (args: LoaderFunctionArgs) => {
        // A failed import is the page's to report (its own chunks fail the same way): the loader only helps.
        await prefetch(args).catch(() => undefined);
        return null;
      },
    }),
  };
}

const assets = () => import('./catalogue/assets-page');
// One step further for the pages with MUI: their long preload lists stay off the catalogue's first load.
const heavyPages = () => import('./heavy-pages');
const toolPage = () => import('./tool/tool-page');
const catalogue = { description: 'meta.assets', filterBar: true } as const;

/** Catalogue pages anyone may open, and the checkout result the payment provider returns to (spec §2.1). */
export function commercePublicRoutes(deps: GuardDeps): RouteObject[] {
  const list = (scope: CatalogueScope): PageOptions => ({
    prefetch: (args) =>
      import('./route-queries').then((queries) => queries.prefetchCatalogue(deps, args, scope)),
    texts: loadCatalogueTexts,
  });
  const tool: PageOptions = {
    prefetch: (args) => import('./item-route-queries').then((queries) => queries.prefetchTool(deps, args)),
    texts: loadItemPageTexts,
  };
  return [
    page(paths.assets, { title: 'page.assets', ...catalogue }, assets, (m) => m.AssetsPage, list('all')),
    page(paths.tools, { title: 'page.assets', ...catalogue }, assets, (m) => m.AssetsPage, list('all')),
    page(
      paths.assetsSoftware,
      { title: 'page.software', ...catalogue },
      assets,
      (m) => m.SoftwarePage,
      list('software'),
    ),
    page(
      paths.assetsSoftwareBundles,
      { title: 'page.softwareBundles', ...catalogue },
      assets,
      (m) => m.SoftwareBundlesPage,
      list('bundles'),
    ),
    page(
      paths.documents,
      { title: 'page.documents', description: 'meta.documents', filterBar: true },
      () => import('./catalogue/documents-page'),
      (m) => m.DocumentsPage,
      list('documents'),
    ),
    page(paths.tool, { title: 'page.tool', itemMeta: true }, toolPage, (m) => m.ToolPage, tool),
    page(paths.toolAlias, { title: 'page.tool', itemMeta: true }, toolPage, (m) => m.ToolPage, tool),
    page(
      paths.document,
      { title: 'page.document', itemMeta: true },
      () => import('./document/document-page'),
      (m) => m.DocumentPage,
      {
        prefetch: (args) =>
          import('./item-route-queries').then((queries) => queries.prefetchDocument(deps, args)),
        texts: loadItemPageTexts,
      },
    ),
    page(
      paths.softwareBundle,
      { title: 'page.bundle', itemMeta: true },
      () => heavyPages().then((m) => m.bundlePage()),
      (m) => m.BundlePage,
    ),
    page(
      paths.checkoutResult,
      { title: 'page.checkoutResult' },
      () => heavyPages().then((m) => m.checkoutResultPage()),
      (m) => m.CheckoutResultPage,
      { texts: loadCheckoutTexts },
    ),
  ];
}
