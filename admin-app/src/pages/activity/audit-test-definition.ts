import { defineResource } from '@portal/resources';
import { z } from 'zod';

/** A stand-in for the audit log's definition in the Activity tests. */
export const auditDefinition = defineResource({
  name: 'audit-log',
  path: 'audit-log',
  label: { one: 'Change', many: 'Activity' },
  record: z.object({
    id: z.number(),
    at: z.string(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    actor: z.unknown(),
    before: z.unknown(),
    after: z.unknown(),
  }),
  recordTitle: 'action',
  list: {
    columns: ['at', 'action', 'entity', 'entityId'],
    sortable: ['at'],
    defaultSort: { field: 'at', order: 'DESC' },
    filters: [
      { source: 'entity', label: 'Entity', operator: 'eq', input: 'text' },
      { source: 'entityId', label: 'Entity id', operator: 'eq', input: 'text' },
    ],
  },
  fields: [
    { source: 'at', label: 'When', widget: 'datetime' },
    { source: 'action', label: 'Action', widget: 'text' },
    { source: 'entity', label: 'Entity', widget: 'text' },
    { source: 'entityId', label: 'Entity id', widget: 'text' },
    { source: 'before', label: 'Before', widget: 'text' },
    { source: 'after', label: 'After', widget: 'text' },
  ],
  access: { list: ['ADMIN', 'COMPANYSPACE_ADMIN'], show: ['ADMIN', 'COMPANYSPACE_ADMIN'] },
});
