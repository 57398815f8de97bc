import { paths } from '../../paths';

/**
 * The commerce feature's paths in the shell's route tree; their definitions (`routes.ts`) load with the first
 * visit of one of them. app/route-queries.test.tsx holds the two to the same paths.
 */
export const commercePublicPaths = [
  paths.assets,
  paths.tools,
  paths.assetsSoftware,
  paths.assetsSoftwareBundles,
  paths.documents,
  paths.tool,
  paths.toolAlias,
  paths.document,
  paths.softwareBundle,
  paths.checkoutResult,
];

export const commerceSignedInPaths = [
  paths.myOrders,
  paths.myAssets,
  paths.mySoftware,
  paths.myInstallers,
  paths.cart,
  paths.cartSummary,
  paths.cartQuestionnaire,
];
