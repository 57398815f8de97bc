import { partnerInputSchema, partnerSchema } from '../../entities/partner.js';
import { defineResource } from '../definition.js';

export const partnersResource = defineResource({
  name: 'partners',
  path: 'partners',
  label: { one: 'Partner', many: 'Partners' },
  record: partnerSchema,
  create: partnerInputSchema,
  update: partnerInputSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'linkUrl', 'logoUrl', 'assignedCount'],
    sortable: ['name', 'assignedCount'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [{ source: 'name', label: 'Name', operator: 'contains', input: 'text', alwaysOn: true }],
    search: { fields: ['name', 'linkUrl'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'linkUrl', label: 'Link', widget: 'url' },
    { source: 'logoUrl', label: 'Logo', widget: 'image-url' },
    { source: 'assignedCount', label: 'Assigned boards', widget: 'number', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  unique: [{ fields: ['name'], message: 'A partner with this name already exists.' }],
});
