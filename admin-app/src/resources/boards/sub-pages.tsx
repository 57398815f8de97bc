import type { ReactElement } from 'react';
import { BoardPlaceholderPage } from './board-placeholder-page';
import { BoardDocumentAddPage } from './document-add-page';
import { BoardDocumentsPage } from './documents-page';
import { BoardGettingStartedPage } from './getting-started-page';
import { BoardLinkFormPage } from './link-form-page';
import { BoardLinksPage } from './links-page';
import { BoardPartnersPage } from './partners-page';
import { BoardRestrictionsPage } from './restrictions-page';
import { BoardSerialNumbersAddPage } from './serial-numbers-add-page';
import { BoardSerialNumbersPage } from './serial-numbers-page';
import { BoardSupportLinkPage } from './support-link-page';

/** The per-board pages of spec product §2.3, by their path under /admin/boards/{boardId}/. */
export const boardSubPages: { path: string; element: ReactElement }[] = [
  { path: 'documents/edit', element: <BoardDocumentsPage /> },
  { path: 'documents/add', element: <BoardDocumentAddPage /> },
  { path: 'getting-started/edit', element: <BoardGettingStartedPage /> },
  { path: 'serialnumbers/edit', element: <BoardSerialNumbersPage /> },
  { path: 'serialnumbers/edit/add', element: <BoardSerialNumbersAddPage /> },
  { path: 'partners/edit', element: <BoardPartnersPage /> },
  { path: 'links', element: <BoardLinksPage /> },
  { path: 'links/add', element: <BoardLinkFormPage /> },
  { path: 'links/edit/:linkId', element: <BoardLinkFormPage /> },
  { path: 'edit-support', element: <BoardSupportLinkPage /> },
  { path: 'restrictions', element: <BoardRestrictionsPage /> },
  // The server has no API for these yet (tools of a board, XML validation, DIP, secure workflow, follow-up).
  ...['tools/edit', 'validation', 'dip', 'secure-workflow', 'next', 'dip/:stepNumber/getting-started'].map(
    (path) => ({
      path,
      element: <BoardPlaceholderPage path={path} />,
    }),
  ),
];
