import {
  DOCUMENT_SOURCES,
  boardDocumentCreateSchema,
  boardDocumentSchema,
  boardDocumentUpdateSchema,
} from '../../entities/document.js';
import { defineResource } from '../definition.js';
import { documentsResource } from './documents.js';

/**
 * The documents of one board (`/api/v1/boards/{boardId}/documents`): SAMI-imported and user documents with the
 * board's primary flag. The API lists them with the document library's sorts, filters and search; a list inside
 * the board's admin pages rather than a menu entry, so not in `ADMIN_RESOURCES`.
 */
export const boardDocumentsResource = defineResource({
  name: 'board-documents',
  path: 'boards/{boardId}/documents',
  label: { one: 'Board document', many: 'Board documents' },
  // Written as changes of their board (`create_document`, …), so the board's History shows them.
  auditEntity: 'board',
  record: boardDocumentSchema,
  create: boardDocumentCreateSchema,
  update: boardDocumentUpdateSchema,
  recordTitle: 'title',
  list: {
    ...documentsResource.list,
    columns: ['title', 'type', 'filename', 'source', 'exclusive', 'primary'],
    filters: documentsResource.list.filters.map((filter) =>
      filter.source === 'source' ? { ...filter, alwaysOn: true } : filter,
    ),
  },
  fields: [
    { source: 'title', label: 'Title', widget: 'text' },
    { source: 'type', label: 'Type', widget: 'text' },
    { source: 'filename', label: 'File name', widget: 'text' },
    { source: 'url', label: 'Address of the file', widget: 'url' },
    { source: 'source', label: 'Source', widget: 'select', choices: DOCUMENT_SOURCES, readOnly: true },
    { source: 'exclusive', label: 'Exclusive to the board’s projects', widget: 'boolean' },
    { source: 'primary', label: 'Primary document', widget: 'boolean' },
  ],
  access: documentsResource.access,
});
