import AccountTree from '@mui/icons-material/AccountTree';
import Campaign from '@mui/icons-material/Campaign';
import Description from '@mui/icons-material/Description';
import Flag from '@mui/icons-material/Flag';
import Label from '@mui/icons-material/Label';
import Link from '@mui/icons-material/Link';
import type { ResourceCustomization } from '../generator/resource';
import { auditLogCustomization } from './audit-log';
import { boardsResourceCustomization } from './boards';
import { softwareBundlesCustomization, softwareCustomization } from './catalogue';
import { exportAccessRequestsCustomization, licensesCustomization, ordersCustomization } from './commerce';
import { companySpacesCustomization } from './company-spaces';
import { partnersCustomization } from './partners';
import { questionnairesCustomization } from './questionnaires';
import { serviceAccountsCustomization } from './service-accounts';
import { userRolesCustomization } from './user-roles';

/**
 * What each resource adds to its generated views, by resource name. A resource without an entry here is
 * generated from its definition alone: adding a resource means adding a definition.
 */
export const CUSTOMIZATIONS: Readonly<Record<string, ResourceCustomization>> = {
  boards: boardsResourceCustomization,
  partners: partnersCustomization,
  projects: { icon: AccountTree },
  documents: { icon: Description },
  software: softwareCustomization,
  'software-bundles': softwareBundlesCustomization,
  questionnaires: questionnairesCustomization,
  orders: ordersCustomization,
  licenses: licensesCustomization,
  'export-access-requests': exportAccessRequestsCustomization,
  'metadata-keys': { icon: Label },
  'user-roles': userRolesCustomization,
  'service-accounts': serviceAccountsCustomization,
  'feature-flags': { icon: Flag },
  'company-spaces': companySpacesCustomization,
  'board-csa-links': { icon: Link },
  'board-viewer-links': { icon: Link },
  maintenance: { icon: Campaign },
  'audit-log': auditLogCustomization,
};
