import { AUDIT_ACTIONS } from '../../audit-names.js';
import { auditRecordSchema } from '../../entities/audit-log.js';
import { defineResource } from '../definition.js';

/**
 * The history of changes (issue 22), read-only, with the entity types it may be filtered by (`AUDIT_ENTITIES`).
 * A company space admin sees only the records of their own space's projects, boards and people (the server's
 * list scope).
 */
export const auditLogResourceOf = (entities: readonly string[]) =>
  defineResource({
    name: 'audit-log',
    path: 'audit-log',
    label: { one: 'Activity', many: 'Activity' },
    record: auditRecordSchema,
    recordTitle: 'action',
    list: {
      columns: ['at', 'actor', 'action', 'entity', 'entityId', 'subject'],
      sortable: ['at'],
      defaultSort: { field: 'at', order: 'DESC' },
      filters: [
        // A person by email or name (either matched whole, ignoring case).
        { source: 'actor', label: 'Actor (email or name)', operator: 'eq', input: 'text', alwaysOn: true },
        // Who gave this user access, and when: the records about a user (their account, their roles, and entries
        // naming them, as a board permission does), whoever made them.
        {
          source: 'user',
          label: 'About user (email or name)',
          operator: 'eq',
          input: 'text',
          alwaysOn: true,
        },
        {
          source: 'entity',
          label: 'Entity type',
          operator: 'eq',
          input: 'select',
          choices: entities,
          alwaysOn: true,
        },
        {
          source: 'action',
          label: 'Action',
          operator: 'eq',
          input: 'select',
          choices: AUDIT_ACTIONS,
          alwaysOn: true,
        },
        { source: 'entityId', label: 'Entity id', operator: 'eq', input: 'text' },
        // A record page's History (`historyKey`): the record's own changes and its parts'.
        { source: 'history', label: 'History of', operator: 'eq', input: 'text' },
        { source: 'from', label: 'From', operator: 'gte', input: 'datetime' },
        { source: 'to', label: 'To', operator: 'lte', input: 'datetime' },
      ],
      search: { fields: ['action', 'entity', 'entityId', 'actor'] },
      perPage: 50,
    },
    fields: [
      { source: 'at', label: 'When', widget: 'datetime', readOnly: true },
      { source: 'actor', label: 'Actor', widget: 'text', readOnly: true },
      { source: 'serviceAccount', label: 'Service account', widget: 'text', readOnly: true },
      { source: 'subject', label: 'About', widget: 'text', readOnly: true },
      { source: 'action', label: 'Action', widget: 'text', readOnly: true },
      { source: 'entity', label: 'Entity type', widget: 'text', readOnly: true },
      { source: 'entityId', label: 'Entity id', widget: 'text', readOnly: true },
      { source: 'before', label: 'Before', widget: 'text', readOnly: true },
      { source: 'after', label: 'After', widget: 'text', readOnly: true },
    ],
    access: { list: ['ADMIN', 'COMPANYSPACE_ADMIN'], show: ['ADMIN', 'COMPANYSPACE_ADMIN'] },
    rowScope: 'company-space',
  });
