import type { ComponentType, ReactElement } from 'react';
import { lazyPage } from '../../pages/lazy-page';
import type * as pages from './pages';

type BoardPages = typeof pages;
const loadPages = () => import('./pages');
const page = <P extends object>(pick: (pages: BoardPages) => ComponentType<P>) => lazyPage(loadPages, pick);

const Documents = page((p) => p.BoardDocumentsPage);
const DocumentAdd = page((p) => p.BoardDocumentAddPage);
const GettingStarted = page((p) => p.BoardGettingStartedPage);
const SerialNumbers = page((p) => p.BoardSerialNumbersPage);
const SerialNumbersAdd = page((p) => p.BoardSerialNumbersAddPage);
const Partners = page((p) => p.BoardPartnersPage);
const Links = page((p) => p.BoardLinksPage);
const LinkForm = page((p) => p.BoardLinkFormPage);
const SupportLink = page((p) => p.BoardSupportLinkPage);
const Restrictions = page((p) => p.BoardRestrictionsPage);
const Tools = page((p) => p.BoardToolsPage);
const Dip = page((p) => p.BoardDipPage);
const DipStepGettingStarted = page((p) => p.BoardDipStepGettingStartedPage);
const FollowUp = page((p) => p.BoardFollowUpPage);
const SecureWorkflow = page((p) => p.BoardSecureWorkflowPage);
const XmlValidation = page((p) => p.BoardXmlValidationPage);

/** The per-board pages of spec product §2.3, by their path under /admin/boards/{boardId}/. */
export const boardSubPages: { path: string; element: ReactElement }[] = [
  { path: 'documents/edit', element: <Documents /> },
  { path: 'documents/add', element: <DocumentAdd /> },
  { path: 'getting-started/edit', element: <GettingStarted /> },
  { path: 'serialnumbers/edit', element: <SerialNumbers /> },
  { path: 'serialnumbers/edit/add', element: <SerialNumbersAdd /> },
  { path: 'partners/edit', element: <Partners /> },
  { path: 'links', element: <Links /> },
  { path: 'links/add', element: <LinkForm /> },
  { path: 'links/edit/:linkId', element: <LinkForm /> },
  { path: 'edit-support', element: <SupportLink /> },
  { path: 'restrictions', element: <Restrictions /> },
  { path: 'tools/edit', element: <Tools /> },
  { path: 'dip', element: <Dip /> },
  { path: 'dip/:stepNumber/getting-started', element: <DipStepGettingStarted /> },
  { path: 'next', element: <FollowUp /> },
  { path: 'secure-workflow', element: <SecureWorkflow /> },
  { path: 'validation', element: <XmlValidation /> },
];
