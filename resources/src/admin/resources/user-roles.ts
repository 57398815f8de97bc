import { ROLE_NAMES } from '../../roles.js';
import { userRoleEntrySchema } from '../../entities/user.js';
import { defineResource } from '../definition.js';

/** Role grants by user (spec §6): list by role, assign, remove, CSV export. */
export const userRolesResource = defineResource({
  name: 'user-roles',
  path: 'users/roles',
  label: { one: 'User role', many: 'User roles' },
  record: userRoleEntrySchema,
  idField: 'email',
  create: userRoleEntrySchema,
  update: userRoleEntrySchema,
  recordTitle: 'email',
  list: {
    columns: ['email', 'roles'],
    sortable: ['email'],
    defaultSort: { field: 'email', order: 'ASC' },
    filters: [
      { source: 'role', label: 'Role', operator: 'eq', input: 'select', choices: ROLE_NAMES, alwaysOn: true },
    ],
    search: { fields: ['email'] },
  },
  fields: [
    { source: 'email', label: 'Email', widget: 'email', createOnly: true },
    { source: 'roles', label: 'Roles', widget: 'role-multi-select', choices: ROLE_NAMES },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  mutationMode: 'pessimistic',
});
