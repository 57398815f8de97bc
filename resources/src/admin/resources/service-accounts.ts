import { ROLE_NAMES } from '../../roles.js';
import { serviceAccountInputSchema, serviceAccountSchema } from '../../entities/service-account.js';
import { defineResource } from '../definition.js';

export const serviceAccountsResource = defineResource({
  name: 'service-accounts',
  path: 'service-accounts',
  label: { one: 'Service account', many: 'Service accounts' },
  record: serviceAccountSchema,
  create: serviceAccountInputSchema,
  update: serviceAccountInputSchema.omit({ clientId: true }),
  recordTitle: 'clientId',
  list: {
    columns: ['clientId', 'userEmail', 'defaultRoles'],
    sortable: ['clientId', 'userEmail'],
    defaultSort: { field: 'clientId', order: 'ASC' },
    filters: [],
    search: { fields: ['clientId', 'userEmail'] },
  },
  fields: [
    { source: 'clientId', label: 'Client ID', widget: 'text', createOnly: true },
    { source: 'userEmail', label: 'User email', widget: 'email' },
    { source: 'defaultRoles', label: 'Default roles', widget: 'role-multi-select', choices: ROLE_NAMES },
    // Answered once, by the create call and by a secret rotation; never stored in clear.
    { source: 'secret', label: 'Secret', widget: 'secret', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
  unique: [{ fields: ['clientId'], message: 'A service account with this client ID already exists.' }],
});
