import { loadErrorTexts } from '../../notifications/error-texts';

/** The commerce texts, loaded with the pages that use them (and with the dialogs that need more than their page). */
export const loadCommerceTexts = () => import('../../i18n/en-us-commerce').then((m) => m.commerceTexts);

/** The tool and document pages' texts: a lighter first load than all of the commerce texts. */
export const loadItemPageTexts = () => import('../../i18n/en-us-item-pages').then((m) => m.itemPageTexts);

/** The checkout pages' texts: the commerce texts and the error codes' texts they show in place. */
export const loadCheckoutTexts = () =>
  Promise.all([loadCommerceTexts(), loadErrorTexts()]).then(([texts]) => texts);

/** The catalogue views load only their own texts: a lighter first page. */
export const loadCatalogueTexts = () => import('../../i18n/en-us-catalogue').then((m) => m.catalogueTexts);
