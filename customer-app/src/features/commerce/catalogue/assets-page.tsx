import { CataloguePage } from './catalogue-page';
import { CustomBundleButton } from './custom-bundle-dialog';

/** `/assets` (and `/tools`): the whole catalogue, narrowed by `categories` and `q`. */
export function AssetsPage() {
  return <CataloguePage scope="all" />;
}

/** `/assets/software`: software and tools of every item type. */
export function SoftwarePage() {
  return <CataloguePage scope="software" />;
}

/** `/assets/software-bundles`: released bundles, and a bundle of one's own. */
export function SoftwareBundlesPage() {
  return <CataloguePage scope="bundles" actions={<CustomBundleButton />} />;
}
