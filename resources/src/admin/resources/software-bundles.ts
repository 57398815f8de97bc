import { REQUEST_FLOWS, softwareBundleInputSchema, softwareBundleSchema } from '../../entities/bundle.js';
import { defineResource } from '../definition.js';

export const softwareBundlesResource = defineResource({
  name: 'software-bundles',
  path: 'software-bundles',
  label: { one: 'Software bundle', many: 'Software bundles' },
  record: softwareBundleSchema,
  idField: 'uuid',
  create: softwareBundleInputSchema,
  update: softwareBundleInputSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'released', 'orderable', 'requestFlow'],
    sortable: ['name', 'released'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [{ source: 'released', label: 'Released', operator: 'eq', input: 'boolean' }],
    search: { fields: ['name'] },
  },
  fields: [
    { source: 'uuid', label: 'UUID', widget: 'text', createOnly: true },
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'released', label: 'Released', widget: 'boolean' },
    { source: 'orderable', label: 'Orderable', widget: 'boolean' },
    { source: 'iconUrl', label: 'Icon', widget: 'image-url' },
    { source: 'hardwareNames', label: 'Hardware', widget: 'string-list' },
    { source: 'toolFeatureIds', label: 'Tools (feature IDs)', widget: 'string-list' },
    { source: 'documentFeatureIds', label: 'Documents (feature IDs)', widget: 'string-list' },
    // Also on the request flow editor, which sets the questionnaire or page the flow needs.
    { source: 'requestFlow', label: 'Request flow', widget: 'select', choices: REQUEST_FLOWS },
    {
      source: 'questionnaireId',
      label: 'Questionnaire',
      widget: 'reference',
      reference: { resource: 'questionnaires', display: 'name' },
    },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
