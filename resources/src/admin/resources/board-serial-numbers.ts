import { serialNumberRecordSchema, serialNumbersAddSchema } from '../../entities/board-access.js';
import { defineResource } from '../definition.js';

/**
 * The serial numbers of one board (`/api/v1/boards/{boardId}/serial-numbers`), a list inside the board's admin
 * pages rather than a menu entry: not in `ADMIN_RESOURCES`.
 */
export const boardSerialNumbersResource = defineResource({
  name: 'serial-numbers',
  path: 'boards/{boardId}/serial-numbers',
  label: { one: 'Serial number', many: 'Serial numbers' },
  // Written as changes of their board (`add_serial_numbers`, …), so the board's History shows them.
  auditEntity: 'board',
  record: serialNumberRecordSchema,
  create: serialNumbersAddSchema,
  recordTitle: 'value',
  list: {
    columns: ['value', 'multiRegistration', 'registrations', 'createdAt'],
    sortable: ['value', 'multiRegistration', 'createdAt'],
    defaultSort: { field: 'value', order: 'ASC' },
    filters: [
      { source: 'value', label: 'Serial number', operator: 'contains', input: 'text', alwaysOn: true },
      {
        source: 'multiRegistration',
        label: 'Multi registration',
        operator: 'eq',
        input: 'boolean',
      },
    ],
    search: { fields: ['value'] },
    perPage: 50,
  },
  fields: [
    { source: 'value', label: 'Serial number', widget: 'text', readOnly: true },
    { source: 'multiRegistration', label: 'Multi registration', widget: 'boolean' },
    { source: 'registrations', label: 'Registered projects', widget: 'number', readOnly: true },
    { source: 'createdAt', label: 'Added', widget: 'datetime', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
