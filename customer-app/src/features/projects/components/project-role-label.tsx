import type { ProjectRoleName } from '@portal/resources';
import { useI18n } from '../../../i18n/i18n';

/** The viewer's roles in a project, e.g. "Owner" or "Member, Company space FAE". */
export function useRoleLabel(): (roles: readonly ProjectRoleName[]) => string {
  const { t } = useI18n();
  return (roles) => roles.map((role) => t(`project.role.${role}`)).join(', ');
}
