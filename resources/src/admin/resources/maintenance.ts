import { maintenanceInfoSchema, maintenanceInputSchema } from '../../entities/maintenance.js';
import { defineResource } from '../definition.js';

/** The one maintenance banner (spec §2.3 /admin/maintenance): shown and edited, never listed or deleted. */
export const maintenanceResource = defineResource({
  name: 'maintenance',
  path: 'maintenance',
  label: { one: 'Maintenance banner', many: 'Maintenance banner' },
  auditEntity: 'maintenance',
  record: maintenanceInfoSchema,
  singleton: true,
  update: maintenanceInputSchema,
  recordTitle: 'text',
  list: {
    columns: ['text', 'show'],
    sortable: [],
    defaultSort: { field: 'text', order: 'ASC' },
    filters: [],
  },
  fields: [
    { source: 'text', label: 'Text', widget: 'textarea' },
    { source: 'show', label: 'Show the banner', widget: 'boolean' },
  ],
  access: { show: ['ADMIN'], edit: ['ADMIN'] },
});
