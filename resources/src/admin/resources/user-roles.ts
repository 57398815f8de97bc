import { ROLE_NAMES } from '../../roles.js';
import { userRoleEntrySchema, userSchema } from '../../entities/user.js';
import { defineResource } from '../definition.js';

/**
 * Role grants by user (spec §6, calls §7.1): list by role, assign, remove, CSV export. The API grants one role per
 * call, which the console maps from the entry schema (an email and role names).
 */
export const userRolesResource = defineResource({
  name: 'user-roles',
  path: 'users/roles',
  label: { one: 'User role', many: 'User roles' },
  record: userSchema,
  idField: 'email',
  auditEntity: 'user_role',
  historyEntity: 'user',
  create: userRoleEntrySchema,
  update: userRoleEntrySchema,
  recordTitle: 'email',
  list: {
    columns: ['email', 'roles'],
    // Always by email: the API takes no sort.
    sortable: [],
    defaultSort: { field: 'email', order: 'ASC' },
    filters: [
      {
        source: 'role',
        label: 'Role',
        operator: 'eq',
        input: 'select',
        choices: ROLE_NAMES,
        alwaysOn: true,
        sentAs: 'query',
      },
    ],
  },
  fields: [
    { source: 'email', label: 'Email', widget: 'email', createOnly: true },
    { source: 'roles', label: 'Roles', widget: 'role-multi-select', choices: ROLE_NAMES },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
