import { defineResource, httpUrlSchema, requiredText } from '@portal/resources';
import { z } from 'zod';

/** A small definition with one field of each kind the generator handles, for the generator's tests. */
export const gadgetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  homepage: z.string().nullable(),
  enabled: z.boolean(),
  kind: z.enum(['widget', 'gizmo']),
  ownerId: z.uuid().nullable(),
  tags: z.array(z.string()),
  code: z.string(),
  updatedAt: z.string(),
});

export const gadgetInputSchema = z.object({
  name: requiredText('Name is required.').max(12, 'Name may have at most 12 characters.'),
  homepage: httpUrlSchema.nullable(),
  enabled: z.boolean(),
  kind: z.enum(['widget', 'gizmo'], { error: 'Choose a kind.' }),
  ownerId: z.uuid().nullable(),
  tags: z.array(z.string()),
  code: requiredText('Code is required.'),
});

export const gadgetsResource = defineResource({
  name: 'gadgets',
  path: 'gadgets',
  label: { one: 'Gadget', many: 'Gadgets' },
  record: gadgetSchema,
  create: gadgetInputSchema,
  update: gadgetInputSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'kind', 'enabled', 'updatedAt'],
    sortable: ['name', 'updatedAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [
      { source: 'kind', label: 'Kind', operator: 'eq', input: 'select', choices: ['widget', 'gizmo'] },
      { source: 'enabled', label: 'Enabled', operator: 'eq', input: 'boolean' },
    ],
    search: { fields: ['name'] },
    perPage: 10,
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'code', label: 'Code', widget: 'text', createOnly: true },
    { source: 'homepage', label: 'Homepage', widget: 'url' },
    { source: 'enabled', label: 'Enabled', widget: 'boolean' },
    { source: 'kind', label: 'Kind', widget: 'select', choices: ['widget', 'gizmo'] },
    {
      source: 'ownerId',
      label: 'Owner',
      widget: 'reference',
      reference: { resource: 'owners', display: 'email' },
    },
    { source: 'tags', label: 'Tags', widget: 'multi-select', choices: ['new', 'sale'] },
    { source: 'updatedAt', label: 'Updated', widget: 'datetime', readOnly: true },
    { source: 'token', label: 'Token', widget: 'secret', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
