import { z } from 'zod';
import { defineResource } from '../admin/definition.js';

const WIDGET_COUNTRIES = ['DE', 'FR', 'NL'] as const;

const widgetInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required.').max(100),
  country: z.enum(WIDGET_COUNTRIES),
});

/**
 * A resource that exists only in tests (issue 47 #2): a name and a country, admin CRUD, company space admins
 * read-only. The server's and the console's tests register it by this definition alone.
 */
export const widgetsResource = defineResource({
  name: 'widgets',
  path: 'widgets',
  label: { one: 'Widget', many: 'Widgets' },
  record: z.object({
    id: z.uuid(),
    name: z.string(),
    country: z.enum(WIDGET_COUNTRIES),
    updatedAt: z.iso.datetime({ offset: true }),
  }),
  create: widgetInputSchema,
  update: widgetInputSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'country', 'updatedAt'],
    sortable: ['name', 'country'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [
      { source: 'country', label: 'Country', operator: 'eq', input: 'select', choices: WIDGET_COUNTRIES },
    ],
    search: { fields: ['name'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'country', label: 'Country', widget: 'select', choices: WIDGET_COUNTRIES },
    { source: 'updatedAt', label: 'Updated', widget: 'datetime', readOnly: true },
  ],
  access: {
    list: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    show: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    create: ['ADMIN'],
    edit: ['ADMIN'],
    delete: ['ADMIN'],
  },
  unique: [{ fields: ['name'], message: 'A widget with this name already exists.' }],
});
