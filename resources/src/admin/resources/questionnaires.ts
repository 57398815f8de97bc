import { questionnaireInputSchema, questionnaireSchema } from '../../entities/questionnaire.js';
import { defineResource } from '../definition.js';

export const questionnairesResource = defineResource({
  name: 'questionnaires',
  path: 'questionnaires',
  label: { one: 'Questionnaire', many: 'Questionnaires' },
  record: questionnaireSchema,
  create: questionnaireInputSchema,
  update: questionnaireInputSchema,
  recordTitle: 'name',
  list: {
    columns: ['name'],
    sortable: ['name'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [],
    search: { fields: ['name'] },
  },
  // Questions are edited on the hand-made question editor (/admin/questionnaires/{id}/question).
  fields: [{ source: 'name', label: 'Name', widget: 'text' }],
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], edit: ['ADMIN'], delete: ['ADMIN'] },
});
