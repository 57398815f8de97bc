import {
  ADMIN_RESOURCES,
  boardSerialNumbersResource,
  boardsResource,
  boardViewerLinksResource,
  defineResource,
  type FieldDefinition,
  type ResourceDefinition,
} from '@portal/resources';
import { boardDocumentsResource } from './resources/boards/board-documents-definition';

/**
 * The boards a company space admin may link to viewers (`board-viewer-links/boards`): they cannot read the admin
 * board list, so the viewer links' board picker reads this one. Kept here until the definition points there.
 */
export const viewerLinkBoardsResource = defineResource({
  ...boardsResource,
  name: 'viewer-link-boards',
  path: 'board-viewer-links/boards',
  access: { list: ['ADMIN', 'COMPANYSPACE_ADMIN'] },
});

const boardViewerLinks: ResourceDefinition = {
  ...boardViewerLinksResource,
  fields: boardViewerLinksResource.fields.map((field: FieldDefinition) =>
    field.reference?.resource === boardsResource.name
      ? { ...field, reference: { ...field.reference, resource: viewerLinkBoardsResource.name } }
      : field,
  ),
};

/** The resources of the console, one <Resource> and one menu entry each (as the user may list them). */
export const CONSOLE_DEFINITIONS: readonly ResourceDefinition[] = ADMIN_RESOURCES.map((definition) =>
  definition.name === boardViewerLinks.name ? boardViewerLinks : definition,
);

/**
 * Every definition the data provider, the access question and the catalogue know: the console's plus those
 * listed inside another resource's pages (a board's serial numbers and documents, the viewer links' boards),
 * which have no menu entry of their own.
 */
export const DATA_DEFINITIONS: readonly ResourceDefinition[] = [
  ...CONSOLE_DEFINITIONS,
  boardSerialNumbersResource,
  boardDocumentsResource,
  viewerLinkBoardsResource,
];
