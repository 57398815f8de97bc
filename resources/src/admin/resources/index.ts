import { auditEntitiesOf, type ResourceDefinition } from '../definition.js';
import { auditLogResourceOf } from './audit-log.js';
import { boardDocumentsResource } from './board-documents.js';
import { boardCsaLinksResource, boardViewerLinksResource, viewerLinkBoardsResource } from './board-links.js';
import { boardSerialNumbersResource } from './board-serial-numbers.js';
import { boardsResource } from './boards.js';
import { exportAccessRequestsResource, licensesResource, ordersResource } from './commerce.js';
import { companySpacesResource } from './company-spaces.js';
import { documentsResource } from './documents.js';
import { featureFlagsResource } from './feature-flags.js';
import { maintenanceResource } from './maintenance.js';
import { metadataKeysResource } from './metadata-keys.js';
import { partnersResource } from './partners.js';
import { projectsResource } from './projects.js';
import { questionnairesResource } from './questionnaires.js';
import { serviceAccountsResource } from './service-accounts.js';
import { softwareBundlesResource } from './software-bundles.js';
import { softwareResource } from './software.js';
import { userRolesResource } from './user-roles.js';

export * from './board-access.js';
export * from './board-documents.js';
export * from './board-links.js';
export * from './board-serial-numbers.js';
export * from './boards.js';
export * from './commerce.js';
export * from './company-spaces.js';
export * from './documents.js';
export * from './feature-flags.js';
export * from './maintenance.js';
export * from './metadata-keys.js';
export * from './partners.js';
export * from './projects.js';
export * from './questionnaires.js';
export * from './service-accounts.js';
export * from './software-bundles.js';
export * from './software.js';
export * from './user-roles.js';

/** The resources whose records the history is about, in menu order. */
const RECORD_RESOURCES: readonly ResourceDefinition[] = [
  boardsResource,
  projectsResource,
  partnersResource,
  documentsResource,
  softwareResource,
  softwareBundlesResource,
  questionnairesResource,
  ordersResource,
  licensesResource,
  exportAccessRequestsResource,
  metadataKeysResource,
  userRolesResource,
  serviceAccountsResource,
  featureFlagsResource,
  companySpacesResource,
  boardCsaLinksResource,
  boardViewerLinksResource,
  maintenanceResource,
];

/**
 * Lists shown inside another resource's pages, with no menu entry of their own: a board's serial numbers and
 * documents, and the boards a viewer link may point at.
 */
export const ADMIN_SUB_RESOURCES: readonly ResourceDefinition[] = [
  boardSerialNumbersResource,
  boardDocumentsResource,
  viewerLinkBoardsResource,
];

/** Every entity type the history holds (`auditEntitiesOf`): the Activity filter's choices. */
export const AUDIT_ENTITIES = auditEntitiesOf([...RECORD_RESOURCES, ...ADMIN_SUB_RESOURCES]);

export const auditLogResource = auditLogResourceOf(AUDIT_ENTITIES);

/**
 * These definitions with the Activity page's entity filter offering the entity types they write (as
 * `AUDIT_ENTITIES` does for ours), so a resource registered by its definition alone is filterable there too.
 */
export const withActivityOf = (definitions: readonly ResourceDefinition[]): readonly ResourceDefinition[] => {
  const activity = auditLogResourceOf(auditEntitiesOf(definitions));
  return definitions.map((definition) => (definition.name === activity.name ? activity : definition));
};

/** Every resource of the admin console, in menu order. */
export const ADMIN_RESOURCES: readonly ResourceDefinition[] = [...RECORD_RESOURCES, auditLogResource];
