import type { RouteObject } from 'react-router';
import { planned } from '../../app/planned-route';
import type { RouteHandle } from '../../app/route-handle';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';

const catalogue = (path: string, title: RouteHandle['title']): RouteObject =>
  planned(path, { title, description: 'meta.assets', filterBar: true });

/** Catalogue pages anyone may open (spec product §2.1). */
export function commercePublicRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    catalogue(paths.assets, 'page.assets'),
    catalogue(paths.tools, 'page.assets'),
    catalogue(paths.assetsSoftware, 'page.software'),
    catalogue(paths.assetsSoftwareBundles, 'page.softwareBundles'),
    planned(paths.documents, { title: 'page.documents', description: 'meta.documents', filterBar: true }),
    planned(paths.tool, { title: 'page.tool' }),
    planned(paths.toolAlias, { title: 'page.tool' }),
    planned(paths.document, { title: 'page.document' }),
    planned(paths.softwareBundle, { title: 'page.bundle' }),
    planned(paths.checkoutResult, { title: 'page.checkoutResult' }),
  ];
}

/** Cart, orders and owned assets: signed-in, verified users (spec product §2.2). */
export function commerceSignedInRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    planned(paths.myOrders, { title: 'page.myOrders' }),
    planned(paths.myAssets, { title: 'page.myAssets' }),
    planned(paths.mySoftware, { title: 'page.myAssets' }),
    planned(paths.myInstallers, { title: 'page.myInstallers' }),
    planned(paths.cart, { title: 'page.cart' }),
    planned(paths.cartSummary, { title: 'page.cartSummary' }),
    planned(paths.cartQuestionnaire, { title: 'page.cartQuestionnaire' }),
  ];
}
