import {
  boardRestrictionInputSchema,
  boardRestrictionSchema,
  restrictionEntrySchema,
  restrictionGrantSchema,
} from '../../entities/board-access.js';
import { linkInputSchema, linkSchema } from '../../entities/link.js';
import { defineResource } from '../definition.js';
import { boardsResource } from './boards.js';

/** Whoever may read a board reads what hangs under it (who may register it, its links); whoever may edit it changes that. */
const boardAccessRules = {
  list: boardsResource.access.show,
  create: boardsResource.access.edit,
  delete: boardsResource.access.edit,
};

/**
 * The emails that may register a restricted board (`/api/v1/boards/{id}/restrictions`, spec §2.3 restrictions,
 * §4): added and removed one at a time, the email (any case) names the entry. A list inside the board's admin
 * pages rather than a menu entry, so not in `ADMIN_RESOURCES`.
 */
export const boardRestrictionsResource = defineResource({
  name: 'restrictions',
  path: 'boards/{id}/restrictions',
  label: { one: 'Restriction', many: 'Restrictions' },
  record: boardRestrictionSchema,
  idField: 'email',
  create: boardRestrictionInputSchema,
  recordTitle: 'email',
  list: {
    columns: ['email', 'createdAt'],
    sortable: ['email', 'createdAt'],
    defaultSort: { field: 'email', order: 'ASC' },
    filters: [],
    search: { fields: ['email'] },
  },
  fields: [
    { source: 'email', label: 'Email', widget: 'email' },
    { source: 'createdAt', label: 'Added', widget: 'datetime', readOnly: true },
  ],
  access: boardAccessRules,
  unique: [{ fields: ['email'], message: 'This email address is already on the list.' }],
});

/**
 * Board permissions (`/api/v1/boards/{id}/permissions`, calls §7.2): portal accounts that may register a
 * restricted board, granted by the user's email and revoked by user id. Not in `ADMIN_RESOURCES` either.
 */
export const boardPermissionsResource = defineResource({
  name: 'permissions',
  path: 'boards/{id}/permissions',
  label: { one: 'Board permission', many: 'Board permissions' },
  record: restrictionEntrySchema,
  idField: 'userId',
  create: restrictionGrantSchema,
  recordTitle: 'email',
  list: {
    columns: ['email'],
    sortable: ['email'],
    defaultSort: { field: 'email', order: 'ASC' },
    filters: [],
    search: { fields: ['email'] },
  },
  fields: [{ source: 'email', label: 'Email', widget: 'email' }],
  access: boardAccessRules,
  unique: [{ fields: ['userEmail'], message: 'This user already has a permission for this board.' }],
});

/**
 * A board's related links (`/api/v1/boards/{id}/links`, spec §2.3 links) in the order the board shows them; added,
 * edited, deleted and reordered by whoever may edit the board. Not in `ADMIN_RESOURCES`.
 */
export const boardRelatedLinksResource = defineResource({
  name: 'links',
  path: 'boards/{id}/links',
  label: { one: 'Link', many: 'Links' },
  record: linkSchema,
  create: linkInputSchema,
  update: linkInputSchema,
  recordTitle: 'title',
  list: {
    columns: ['title', 'url', 'order'],
    sortable: ['order', 'title'],
    defaultSort: { field: 'order', order: 'ASC' },
    filters: [],
    search: { fields: ['title', 'url'] },
  },
  fields: [
    { source: 'title', label: 'Title', widget: 'text' },
    { source: 'url', label: 'Address', widget: 'url' },
    { source: 'order', label: 'Order', widget: 'number', readOnly: true },
  ],
  access: { ...boardAccessRules, edit: boardsResource.access.edit },
});
