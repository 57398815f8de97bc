import { ADMIN_RESOURCES, ADMIN_SUB_RESOURCES, type ResourceDefinition } from '@portal/resources';

/** The resources of the console, one <Resource> and one menu entry each (as the user may list them). */
export const CONSOLE_DEFINITIONS: readonly ResourceDefinition[] = ADMIN_RESOURCES;

/**
 * Every definition the data provider, the access question and the catalogue know: the console's plus those
 * listed inside another resource's pages (a board's serial numbers and documents, the viewer links' boards),
 * which have no menu entry of their own.
 */
export const DATA_DEFINITIONS: readonly ResourceDefinition[] = [...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES];
