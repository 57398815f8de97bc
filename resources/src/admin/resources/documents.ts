import {
  DOCUMENT_SOURCES,
  documentCreateSchema,
  documentSchema,
  documentUpdateSchema,
} from '../../entities/document.js';
import { defineResource } from '../definition.js';

export const documentsResource = defineResource({
  name: 'documents',
  path: 'documents',
  label: { one: 'Document', many: 'Documents' },
  record: documentSchema,
  create: documentCreateSchema,
  update: documentUpdateSchema,
  recordTitle: 'title',
  list: {
    columns: ['title', 'type', 'filename', 'source', 'exclusive'],
    sortable: ['title', 'type', 'filename'],
    defaultSort: { field: 'title', order: 'ASC' },
    filters: [
      { source: 'source', label: 'Source', operator: 'eq', input: 'select', choices: DOCUMENT_SOURCES },
      { source: 'exclusive', label: 'Exclusive', operator: 'eq', input: 'boolean' },
    ],
    search: { fields: ['title', 'filename'] },
  },
  fields: [
    { source: 'title', label: 'Title', widget: 'text' },
    { source: 'type', label: 'Type', widget: 'text' },
    { source: 'filename', label: 'File name', widget: 'text' },
    { source: 'url', label: 'Address', widget: 'url' },
    { source: 'source', label: 'Source', widget: 'select', choices: DOCUMENT_SOURCES, readOnly: true },
    { source: 'exclusive', label: 'Exclusive', widget: 'boolean' },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
