import {
  boardDocumentCreateSchema,
  boardDocumentSchema,
  boardDocumentUpdateSchema,
  defineResource,
  DOCUMENT_SOURCES,
} from '@portal/resources';

/**
 * The documents of one board (`boards/{boardId}/documents`), SAMI-imported and user documents with the board's
 * primary flag. Kept here until @portal/resources has it (the API documents its Range, sort and filters).
 */
export const boardDocumentsResource = defineResource({
  name: 'board-documents',
  path: 'boards/{boardId}/documents',
  label: { one: 'Board document', many: 'Board documents' },
  record: boardDocumentSchema,
  create: boardDocumentCreateSchema,
  update: boardDocumentUpdateSchema,
  recordTitle: 'title',
  list: {
    columns: ['title', 'type', 'filename', 'source', 'exclusive', 'primary'],
    sortable: ['title', 'type', 'filename'],
    defaultSort: { field: 'title', order: 'ASC' },
    filters: [
      {
        source: 'source',
        label: 'Source',
        operator: 'eq',
        input: 'select',
        choices: DOCUMENT_SOURCES,
        alwaysOn: true,
      },
      { source: 'exclusive', label: 'Exclusive', operator: 'eq', input: 'boolean' },
    ],
    search: { fields: ['title', 'filename'] },
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
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  mutationMode: 'pessimistic',
});
