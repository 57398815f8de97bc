/** The per-board pages, loaded together when the first of them is opened (see `sub-pages.tsx`). */
export { BoardDocumentAddPage } from './document-add-page';
export { BoardDocumentsPage } from './documents-page';
export { BoardGettingStartedPage } from './getting-started-page';
export { BoardLinkFormPage } from './link-form-page';
export { BoardLinksPage } from './links-page';
export { BoardPartnersPage } from './partners-page';
export { BoardRestrictionsPage } from './restrictions-page';
export { BoardSerialNumbersAddPage } from './serial-numbers-add-page';
export { BoardSerialNumbersPage } from './serial-numbers-page';
export { BoardSupportLinkPage } from './support-link-page';
export { BoardToolsPage } from './board-tools-page';
export { BoardDipPage } from './dip/dip-steps-page';
export { BoardDipStepGettingStartedPage } from './dip/step-getting-started-page';
export { BoardFollowUpPage } from './dip/follow-up-page';
export { BoardSecureWorkflowPage } from './dip/secure-workflow-page';
export { BoardXmlValidationPage } from './dip/xml-validation-page';
