import ManageAccounts from '@mui/icons-material/ManageAccounts';
import type { ResourceCustomization } from '../../generator/resource';
import { ExportRolesButton } from './export-roles-button';
import { OwnRoleSaveButton } from './own-role-save-button';
import { RoleChipsField } from './role-chips-field';

/**
 * User roles (spec §6): the generated list by role, roles removable from their chips, the server's CSV of every
 * assignment instead of the page export, and a confirmation before an admin drops one of their own roles.
 */
export const userRolesCustomization: ResourceCustomization = {
  icon: ManageAccounts,
  fields: { roles: () => <RoleChipsField key="roles" source="roles" /> },
  list: { exportButton: <ExportRolesButton /> },
  edit: { saveButton: <OwnRoleSaveButton /> },
};
