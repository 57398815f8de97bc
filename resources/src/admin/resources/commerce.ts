import { ORDER_KINDS, orderRecordSchema } from '../../entities/order.js';
import { licenseRecordSchema, licenseUpdateSchema } from '../../entities/license.js';
import {
  EXPORT_ACCESS_STATUSES,
  exportAccessDecisionSchema,
  exportAccessRequestSchema,
} from '../../entities/tool.js';
import { licenseStatusSchema, orderStatusSchema, type OrderPositionStatus } from '../../states.js';
import { defineResource } from '../definition.js';

/** The decisions an admin may take on an order position in each state (the API refuses any other with 409). */
export const POSITION_DECISIONS: Readonly<
  Record<OrderPositionStatus, readonly ('approved' | 'rejected' | 'reopened')[]>
> = {
  'in-progress': ['approved', 'rejected'],
  reopened: ['approved', 'rejected'],
  approved: ['reopened', 'rejected'],
  rejected: ['reopened', 'approved'],
};

/**
 * Orders of every customer (the admin decides their positions). Customers read their own at the same path
 * (`GET /orders`); the API scopes the rows, this definition is the console's.
 */
export const ordersResource = defineResource({
  name: 'orders',
  path: 'orders',
  label: { one: 'Order', many: 'Orders' },
  record: orderRecordSchema,
  recordTitle: 'number',
  list: {
    columns: ['number', 'userEmail', 'kind', 'status', 'paid', 'requestedAt'],
    sortable: ['requestedAt', 'number', 'status'],
    defaultSort: { field: 'requestedAt', order: 'DESC' },
    filters: [
      {
        source: 'status',
        label: 'Status',
        operator: 'eq',
        input: 'select',
        choices: orderStatusSchema.options,
        alwaysOn: true,
      },
      { source: 'kind', label: 'Kind', operator: 'eq', input: 'select', choices: ORDER_KINDS },
      { source: 'paid', label: 'Paid', operator: 'eq', input: 'boolean' },
    ],
    search: { fields: ['number', 'userEmail'] },
  },
  fields: [
    { source: 'number', label: 'Number', widget: 'text', readOnly: true },
    { source: 'userEmail', label: 'Customer', widget: 'email', readOnly: true },
    { source: 'kind', label: 'Kind', widget: 'select', choices: ORDER_KINDS, readOnly: true },
    {
      source: 'status',
      label: 'Status',
      widget: 'select',
      choices: orderStatusSchema.options,
      readOnly: true,
    },
    { source: 'paid', label: 'Paid', widget: 'boolean', readOnly: true },
    { source: 'paymentMethod', label: 'Payment method', widget: 'text', readOnly: true },
    { source: 'total', label: 'Total', widget: 'text', readOnly: true },
    { source: 'requestedAt', label: 'Requested', widget: 'datetime', readOnly: true },
    { source: 'updatedAt', label: 'Updated', widget: 'datetime', readOnly: true },
  ],
  // `edit` is deciding positions (`PUT orders/{id}/positions/{positionId}`): no update schema, no edit form.
  access: { list: ['ADMIN'], show: ['ADMIN'], edit: ['ADMIN'] },
});

/** Licenses of every customer; an admin revokes or restores one. */
export const licensesResource = defineResource({
  name: 'licenses',
  path: 'licenses',
  label: { one: 'License', many: 'Licenses' },
  record: licenseRecordSchema,
  update: licenseUpdateSchema,
  recordTitle: 'product',
  list: {
    columns: ['product', 'userEmail', 'type', 'status', 'grantedAt', 'expiration'],
    sortable: ['grantedAt', 'product'],
    defaultSort: { field: 'grantedAt', order: 'DESC' },
    filters: [
      {
        source: 'status',
        label: 'Status',
        operator: 'eq',
        input: 'select',
        choices: licenseStatusSchema.options,
      },
    ],
    search: { fields: ['product', 'userEmail'] },
  },
  fields: [
    { source: 'product', label: 'Product', widget: 'text', readOnly: true },
    { source: 'userEmail', label: 'Customer', widget: 'email', readOnly: true },
    { source: 'featureId', label: 'Feature ID', widget: 'text', readOnly: true },
    { source: 'version', label: 'Version', widget: 'text', readOnly: true },
    { source: 'orderNumber', label: 'Order', widget: 'text', readOnly: true },
    { source: 'type', label: 'Type', widget: 'text', readOnly: true },
    {
      source: 'status',
      label: 'Status',
      widget: 'select',
      choices: licenseStatusSchema.options,
      readOnly: true,
    },
    { source: 'grantedAt', label: 'Granted', widget: 'datetime', readOnly: true },
    { source: 'expiration', label: 'Expires', widget: 'datetime', readOnly: true },
    { source: 'revoked', label: 'Revoked', widget: 'boolean' },
    { source: 'comments', label: 'Comments', widget: 'textarea' },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], edit: ['ADMIN'] },
});

/** Export access requests (spec §6: access to export-controlled downloads can be requested); an admin decides. */
export const exportAccessRequestsResource = defineResource({
  name: 'export-access-requests',
  path: 'export-access-requests',
  label: { one: 'Export access request', many: 'Export access requests' },
  record: exportAccessRequestSchema,
  update: exportAccessDecisionSchema,
  recordTitle: 'featureId',
  list: {
    columns: ['featureId', 'toolName', 'userEmail', 'status', 'requestedAt'],
    sortable: ['requestedAt', 'status'],
    defaultSort: { field: 'requestedAt', order: 'DESC' },
    filters: [
      {
        source: 'status',
        label: 'Status',
        operator: 'eq',
        input: 'select',
        choices: EXPORT_ACCESS_STATUSES,
        alwaysOn: true,
      },
    ],
    search: { fields: ['featureId', 'userEmail'] },
  },
  fields: [
    { source: 'featureId', label: 'Feature ID', widget: 'text', readOnly: true },
    { source: 'toolName', label: 'Tool', widget: 'text', readOnly: true },
    { source: 'userEmail', label: 'Customer', widget: 'email', readOnly: true },
    { source: 'reason', label: 'Reason', widget: 'textarea', readOnly: true },
    { source: 'status', label: 'Decision', widget: 'select', choices: ['granted', 'refused'] },
    { source: 'comment', label: 'Comment', widget: 'textarea' },
    { source: 'requestedAt', label: 'Requested', widget: 'datetime', readOnly: true },
    { source: 'decidedAt', label: 'Decided', widget: 'datetime', readOnly: true },
  ],
  access: { list: ['ADMIN'], show: ['ADMIN'], edit: ['ADMIN'] },
});
