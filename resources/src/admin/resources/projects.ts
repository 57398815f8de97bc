import { PROJECT_SORT_FIELDS, PROJECT_STATUSES } from '../../constants.js';
import { projectSchema } from '../../entities/project.js';
import { defineResource } from '../definition.js';

/**
 * Every project, for the admin list (spec §2.3 /admin/projects); customers work theirs in the portal. Sorts are
 * the options of spec §9; the filters are those `projectListFilterSchema` accepts.
 */
export const projectsResource = defineResource({
  name: 'projects',
  path: 'projects',
  label: { one: 'Project', many: 'Projects' },
  record: projectSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'board', 'status', 'owner', 'group', 'createdAt', 'updatedAt'],
    sortable: PROJECT_SORT_FIELDS,
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    filters: [
      { source: 'status', label: 'Status', operator: 'eq', input: 'select', choices: PROJECT_STATUSES },
      { source: 'board', label: 'Board', operator: 'eq', input: 'reference' },
      { source: 'group', label: 'Group', operator: 'eq', input: 'text' },
      { source: 'secure', label: 'Secure', operator: 'eq', input: 'boolean' },
    ],
    search: { fields: ['name', 'shortRomCode', 'salesCode'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text', readOnly: true },
    {
      source: 'board',
      label: 'Board',
      widget: 'reference',
      reference: { resource: 'boards', display: 'name' },
      readOnly: true,
    },
    { source: 'status', label: 'Status', widget: 'select', choices: PROJECT_STATUSES, readOnly: true },
    { source: 'owner', label: 'Owner', widget: 'text', readOnly: true },
    { source: 'group', label: 'Group', widget: 'text', readOnly: true },
    { source: 'secure', label: 'Secure', widget: 'boolean', readOnly: true },
    { source: 'createdAt', label: 'Created', widget: 'datetime', readOnly: true },
    { source: 'updatedAt', label: 'Updated', widget: 'datetime', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'] },
});
