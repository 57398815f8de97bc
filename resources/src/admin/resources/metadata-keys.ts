import { metadataKeyInputSchema, metadataKeySchema } from '../../entities/secure-workflow.js';
import { defineResource } from '../definition.js';

/** Metadata keys used by XML validation entries (spec §2.3 /admin/manage-metadata-keys). */
export const metadataKeysResource = defineResource({
  name: 'metadata-keys',
  path: 'metadata-keys',
  label: { one: 'Metadata key', many: 'Metadata keys' },
  record: metadataKeySchema,
  idField: 'key',
  create: metadataKeyInputSchema,
  update: metadataKeyInputSchema.omit({ key: true }),
  recordTitle: 'label',
  list: {
    columns: ['key', 'label'],
    sortable: ['key', 'label'],
    defaultSort: { field: 'key', order: 'ASC' },
    filters: [],
    search: { fields: ['key', 'label'] },
  },
  fields: [
    { source: 'key', label: 'Key', widget: 'text', createOnly: true },
    { source: 'label', label: 'Label', widget: 'text' },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  unique: [{ fields: ['key'], message: 'This metadata key exists.' }],
});
