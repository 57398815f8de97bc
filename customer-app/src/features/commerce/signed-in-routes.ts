import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';
import { page } from './routes';
import { loadCheckoutTexts } from './texts';

// Apart from the public route table (issue 20): the preload lists of these pages' chunks (MUI, forms, checkout)
// would otherwise weigh on every catalogue, tool and document page's first load.

const myAssets = () => import('./assets/my-assets-page');

/** Cart, orders and owned assets: signed-in, verified users (spec §2.2). */
export function commerceSignedInRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    page(
      paths.myOrders,
      { title: 'page.myOrders' },
      () => import('./orders/my-orders-page'),
      (m) => m.MyOrdersPage,
    ),
    page(paths.myAssets, { title: 'page.myAssets' }, myAssets, (m) => m.MyAssetsPage),
    page(paths.mySoftware, { title: 'page.myAssets' }, myAssets, (m) => m.MyAssetsPage),
    page(
      paths.myInstallers,
      { title: 'page.myInstallers' },
      () => import('./assets/my-installers-page'),
      (m) => m.MyInstallersPage,
    ),
    page(
      paths.cart,
      { title: 'page.cart' },
      () => import('./cart/cart-page'),
      (m) => m.CartPage,
      { texts: loadCheckoutTexts },
    ),
    page(
      paths.cartSummary,
      { title: 'page.cartSummary' },
      () => import('./checkout/summary-page'),
      (m) => m.SummaryPage,
      { texts: loadCheckoutTexts },
    ),
    page(
      paths.cartQuestionnaire,
      { title: 'page.cartQuestionnaire' },
      () => import('./questionnaire/questionnaire-page'),
      (m) => m.QuestionnairePage,
      { texts: loadCheckoutTexts },
    ),
  ];
}
