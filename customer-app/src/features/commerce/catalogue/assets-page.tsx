import { Suspense, useState } from 'react';
import { lazyPart } from '../../../app/lazy-page';
import { Button } from '../../../components/ui/button';
import { SvgIcon } from '../../../components/ui/icon';
import { addBox } from '../../../components/ui/page-icons';
import { useI18n, withTexts } from '../../../i18n/i18n';
import { loadCommerceTexts } from '../texts';
import { CataloguePage } from './catalogue-page';

// The dialog is a form with MUI and the bundle schema: it loads when opened, not with the catalogue, and
// brings the commerce texts it uses (the view loads only the catalogue's).
const CustomBundleDialog = lazyPart(() =>
  withTexts(loadCommerceTexts, () => import('./custom-bundle-dialog'))().then((m) => ({
    default: m.CustomBundleDialog,
  })),
);

/** `/assets` (and `/tools`): the whole catalogue, narrowed by `categories` and `q`. */
export function AssetsPage() {
  return <CataloguePage scope="all" />;
}

/** `/assets/software`: software and tools of every item type. */
export function SoftwarePage() {
  return <CataloguePage scope="software" />;
}

/** Opens the custom bundle dialog. */
function CustomBundleButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        <SvgIcon d={addBox} small />
        {t('bundle.custom.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CustomBundleDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** `/assets/software-bundles`: released bundles, and a bundle of one's own. */
export function SoftwareBundlesPage() {
  return <CataloguePage scope="bundles" actions={<CustomBundleButton />} />;
}
