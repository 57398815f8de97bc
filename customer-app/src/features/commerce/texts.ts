/** The commerce texts, loaded with the pages that use them (and with the dialogs that need more than their page). */
export const loadCommerceTexts = () => import('../../i18n/en-us-commerce').then((m) => m.commerceTexts);

/** The catalogue views load only their own texts: a lighter first page. */
export const loadCatalogueTexts = () => import('../../i18n/en-us-catalogue').then((m) => m.catalogueTexts);
