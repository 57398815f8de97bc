import { TOOL_ITEM_TYPES } from '../../catalogue-constants.js';
import { softwareRecordSchema, toolInputSchema, toolUpdateSchema } from '../../entities/tool.js';
import { defineResource } from '../definition.js';

/**
 * Software and tools of the catalogue (spec §2.3 /admin/manage-assets); versions on their own page
 * (`/admin/software/{id}/versions`), the request flow and questionnaire on the request flow editor.
 */
export const softwareResource = defineResource({
  name: 'software',
  path: 'software',
  label: { one: 'Software', many: 'Software and tools' },
  // Its routes audit a tool's changes as `tool` (as the tool versions are `tool_version`).
  auditEntity: 'tool',
  record: softwareRecordSchema,
  create: toolInputSchema,
  update: toolUpdateSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'featureId', 'type', 'isOnlineTool', 'isRemoved'],
    sortable: ['name', 'featureId', 'type'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [
      { source: 'type', label: 'Type', operator: 'eq', input: 'select', choices: TOOL_ITEM_TYPES },
      { source: 'isRemoved', label: 'Removed upstream', operator: 'eq', input: 'boolean' },
    ],
    search: { fields: ['name', 'featureId'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'featureId', label: 'Feature ID', widget: 'text', createOnly: true },
    { source: 'type', label: 'Type', widget: 'select', choices: TOOL_ITEM_TYPES },
    { source: 'icon', label: 'Icon', widget: 'text' },
    { source: 'description', label: 'Description', widget: 'textarea' },
    { source: 'externalUrl', label: 'External address', widget: 'url' },
    { source: 'isOnlineTool', label: 'Online tool', widget: 'boolean' },
    { source: 'isInstallableViaLauncher', label: 'Installable with the launcher', widget: 'boolean' },
    { source: 'internalOnly', label: 'For internal users only', widget: 'boolean' },
    { source: 'licenseText', label: 'License text', widget: 'textarea' },
    { source: 'requestUrl', label: 'Request address', widget: 'url', readOnly: true },
    {
      source: 'questionnaireId',
      label: 'Questionnaire',
      widget: 'reference',
      reference: { resource: 'questionnaires', display: 'name' },
      readOnly: true,
    },
    { source: 'isRemoved', label: 'Removed upstream', widget: 'boolean', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
