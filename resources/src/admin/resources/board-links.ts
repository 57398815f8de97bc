import { z } from 'zod';
import { defineResource } from '../definition.js';

/** A link between a board and a company space admin or viewer (spec §2.3 manage-board-csa/csv-link). */
export const boardUserLinkSchema = z.object({
  id: z.uuid(),
  boardId: z.uuid(),
  boardName: z.string(),
  userEmail: z.email(),
});
export type BoardUserLink = z.infer<typeof boardUserLinkSchema>;

export const boardUserLinkInputSchema = z.object({
  boardId: z.uuid('Choose a board.'),
  userEmail: z.email('Enter a valid email address.').max(255, 'Email may have at most 255 characters.'),
});

const linkView = {
  record: boardUserLinkSchema,
  create: boardUserLinkInputSchema,
  recordTitle: 'boardName',
  list: {
    columns: ['boardName', 'userEmail'],
    sortable: ['boardName', 'userEmail'],
    defaultSort: { field: 'boardName', order: 'ASC' },
    filters: [{ source: 'boardId', label: 'Board', operator: 'eq', input: 'reference' }],
    search: { fields: ['boardName', 'userEmail'] },
  },
  fields: [
    {
      source: 'boardId',
      label: 'Board',
      widget: 'reference',
      reference: { resource: 'boards', display: 'name' },
    },
    { source: 'userEmail', label: 'User email', widget: 'email' },
  ],
  mutationMode: 'pessimistic',
} as const;

/** Boards linked to company space admins: admin only. */
export const boardCsaLinksResource = defineResource({
  name: 'board-csa-links',
  path: 'board-csa-links',
  label: { one: 'Board link to a company space admin', many: 'Board links to company space admins' },
  ...linkView,
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], delete: ['ADMIN'] },
});

/** Boards linked to company space viewers: admin or company space admin (their own space's viewers). */
export const boardViewerLinksResource = defineResource({
  name: 'board-viewer-links',
  path: 'board-viewer-links',
  label: { one: 'Board link to a company space viewer', many: 'Board links to company space viewers' },
  ...linkView,
  access: {
    list: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    show: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    create: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    delete: ['ADMIN', 'COMPANYSPACE_ADMIN'],
  },
  rowScope: 'company-space',
});
