import { generatePath } from 'react-router';
import { paths } from '../../paths';

/** The tabs of the register-product page, as its `tab` query names them. */
export type RegistrationTab = 'serial' | 'qr';

/** `/my/projects/create?tab=qr&scanned=…`: registration prefilled from the text a QR code decoded to. */
export function scannedRegistrationPath(scanned: string): string {
  return `${paths.createProject}?${new URLSearchParams({ tab: 'qr', scanned })}`;
}

export const projectPath = (uid: string) => generatePath(paths.project, { uid });
export const editProjectPath = (uid: string) => generatePath(paths.editProject, { uid });
export const manageMembersPath = (uid: string) => generatePath(paths.manageMembers, { uid });
export const addMembersPath = (uid: string) => generatePath(paths.addMembers, { uid });
export const manageNotificationsPath = (uid: string) => generatePath(paths.manageNotifications, { uid });
