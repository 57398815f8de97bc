import { ITEM_TYPES } from '../../item-types.js';
import { toolSchema } from '../../entities/tool.js';
import { defineResource } from '../definition.js';

/** Software and tools of the catalogue (spec §2.3 /admin/manage-assets); versions on their own page. */
export const softwareResource = defineResource({
  name: 'software',
  path: 'software',
  label: { one: 'Software', many: 'Software and tools' },
  record: toolSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'featureId', 'type', 'isOnlineTool', 'isRemoved'],
    sortable: ['name', 'featureId', 'type'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [{ source: 'type', label: 'Type', operator: 'eq', input: 'select', choices: ITEM_TYPES }],
    search: { fields: ['name', 'featureId'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'featureId', label: 'Feature ID', widget: 'text', createOnly: true },
    { source: 'type', label: 'Type', widget: 'select', choices: ITEM_TYPES },
    { source: 'icon', label: 'Icon', widget: 'image-url' },
    { source: 'externalUrl', label: 'External address', widget: 'url' },
    { source: 'requestUrl', label: 'Request address', widget: 'url' },
    { source: 'isOnlineTool', label: 'Online tool', widget: 'boolean' },
    { source: 'isInstallableViaLauncher', label: 'Installable with the launcher', widget: 'boolean' },
    {
      source: 'questionnaireId',
      label: 'Questionnaire',
      widget: 'reference',
      reference: { resource: 'questionnaires', display: 'name' },
    },
    { source: 'isRemoved', label: 'Removed upstream', widget: 'boolean', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  mutationMode: 'pessimistic',
});
