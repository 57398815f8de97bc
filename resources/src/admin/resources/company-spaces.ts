import { ERROR_MESSAGES } from '../../errors.js';
import { companySpaceInputSchema, companySpaceSchema } from '../../entities/company-space.js';
import { defineResource } from '../definition.js';

/** Company spaces (spec §2.3: admin or company space admin; a company space admin sees only their own). */
export const companySpacesResource = defineResource({
  name: 'company-spaces',
  path: 'company-spaces',
  label: { one: 'Company space', many: 'Company spaces' },
  record: companySpaceSchema,
  idField: 'uuid',
  create: companySpaceInputSchema,
  update: companySpaceInputSchema,
  recordTitle: 'name',
  list: {
    columns: ['name', 'members', 'faes'],
    sortable: ['name'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [{ source: 'name', label: 'Name', operator: 'contains', input: 'text', alwaysOn: true }],
    search: { fields: ['name'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'members', label: 'Members', widget: 'multi-select', readOnly: true },
    { source: 'faes', label: 'FAEs', widget: 'multi-select', readOnly: true },
  ],
  access: {
    list: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    show: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    create: ['ADMIN'],
    edit: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    delete: ['ADMIN'],
  },
  rowScope: 'company-space',
  unique: [
    { fields: ['name'], errorCode: 'company_space_exists', message: ERROR_MESSAGES.company_space_exists },
  ],
});
