import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Role, hasRole } from '@portal/resources';
import { projectMembers, projects } from '../../db/tables.js';
import type { ProjectCaller } from './caller.js';

/**
 * The projects a caller calls their own (`projects/user`): those they hold an explicit role in, and those their
 * company space roles reach (the whole space for company space admins, FAEs and viewers; the linked boards'
 * projects for people linked to boards). Secure projects only with a second factor.
 */
export function ownProjectsScope(caller: ProjectCaller, options: { includeSecure?: boolean } = {}): SQL {
  const reach: SQL[] = [
    sql`${projects.id} in (select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${caller.user.id})`,
  ];
  if (caller.space) {
    const wholeSpace =
      caller.space.kind === 'fae' ||
      [Role.CompanySpaceAdmin, Role.CompanySpaceFae, Role.CompanySpaceViewer].some((role) =>
        hasRole(caller.user, role),
      );
    if (wholeSpace) reach.push(eq(projects.companySpaceId, caller.space.id));
    else if (caller.boardLinks.length) {
      reach.push(
        and(
          eq(projects.companySpaceId, caller.space.id),
          inArray(
            projects.boardId,
            caller.boardLinks.map((link) => link.boardId),
          ),
        )!,
      );
    }
  }
  const own = reach.length === 1 ? reach[0]! : or(...reach)!;
  return options.includeSecure ? own : and(own, eq(projects.secure, false))!;
}
