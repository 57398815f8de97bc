import { featureFlagInputSchema, featureFlagSchema } from '../../entities/feature-flag.js';
import { defineResource } from '../definition.js';

export const featureFlagsResource = defineResource({
  name: 'feature-flags',
  path: 'feature-flags',
  label: { one: 'Feature flag', many: 'Feature flags' },
  record: featureFlagSchema,
  create: featureFlagInputSchema,
  update: featureFlagInputSchema,
  recordTitle: 'key',
  list: {
    columns: ['key', 'description', 'enabled', 'updatedAt'],
    sortable: ['key', 'enabled', 'updatedAt'],
    defaultSort: { field: 'key', order: 'ASC' },
    filters: [{ source: 'enabled', label: 'Enabled', operator: 'eq', input: 'boolean' }],
    search: { fields: ['key', 'description'] },
  },
  fields: [
    { source: 'key', label: 'Key', widget: 'text', createOnly: true },
    { source: 'description', label: 'Description', widget: 'textarea' },
    { source: 'enabled', label: 'Enabled', widget: 'boolean' },
    { source: 'updatedAt', label: 'Updated', widget: 'datetime', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  unique: [{ fields: ['key'], message: 'A feature flag with this key already exists.' }],
});
