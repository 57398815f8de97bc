/**
 * The public pages that load MUI (the bundle page's dialog, the checkout result's payment actions), imported from
 * here rather than from the route table: Vite writes each import's preload list (dozens of MUI chunks) where the
 * import is, and the route table is on every catalogue, tool and document page's first load (issue 20).
 */
export const bundlePage = () => import('./bundle/bundle-page');
export const checkoutResultPage = () => import('./checkout/checkout-result-page');
