import { z } from 'zod';
import { boardSchema } from '../../entities/board.js';
import { defineResource } from '../definition.js';
import { boardsResource } from './boards.js';
import { tooLong } from '../../validation/text.js';

/** A link between a board and a company space admin or viewer (spec §2.3 manage-board-csa/csv-link). */
const boardUserLinkSchema = z.object({
  id: z.uuid(),
  boardId: z.uuid(),
  boardName: z.string(),
  userEmail: z.email(),
});
export type BoardUserLink = z.infer<typeof boardUserLinkSchema>;

const boardUserLinkInputSchema = z.object({
  boardId: z.uuid('Choose a board.'),
  userEmail: z.email('Enter a valid email address.').max(255, tooLong('Email may have')),
});

const boardPicker = (resource: string) =>
  ({
    source: 'boardId',
    label: 'Board',
    widget: 'reference',
    reference: { resource, display: 'name' },
  }) as const;

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
  fields: [boardPicker('boards'), { source: 'userEmail', label: 'User email', widget: 'email' }],
} as const;

/** Boards linked to company space admins: admin only. */
export const boardCsaLinksResource = defineResource({
  name: 'board-csa-links',
  path: 'board-csa-links',
  label: { one: 'Board link to a company space admin', many: 'Board links to company space admins' },
  auditEntity: 'board_csa_link',
  ...linkView,
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], delete: ['ADMIN'] },
});

/** Boards linked to company space viewers: admin or company space admin (their own space's viewers). */
export const boardViewerLinksResource = defineResource({
  name: 'board-viewer-links',
  path: 'board-viewer-links',
  label: { one: 'Board link to a company space viewer', many: 'Board links to company space viewers' },
  auditEntity: 'board_viewer_link',
  ...linkView,
  access: {
    list: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    show: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    create: ['ADMIN', 'COMPANYSPACE_ADMIN'],
    delete: ['ADMIN', 'COMPANYSPACE_ADMIN'],
  },
  rowScope: 'company-space',
  // A company space admin cannot read the admin board list: the board picker reads the boards offered for links.
  fields: [boardPicker('viewer-link-boards'), { source: 'userEmail', label: 'User email', widget: 'email' }],
});

/**
 * The boards to pick from when linking a company space viewer (`board-viewer-links/boards`): the board list's
 * sorts, filters and search, readable by whoever may create a viewer link. A picker's source, no menu entry.
 */
export const viewerLinkBoardsResource = defineResource({
  name: 'viewer-link-boards',
  path: 'board-viewer-links/boards',
  label: { one: 'Board', many: 'Boards' },
  record: boardSchema,
  recordTitle: 'name',
  list: { ...boardsResource.list, columns: ['name', 'ispn', 'productType'] },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'ispn', label: 'ISPN', widget: 'text' },
    { source: 'productType', label: 'Product type', widget: 'text' },
  ],
  access: { list: boardViewerLinksResource.access.create },
});
