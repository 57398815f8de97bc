import { and, asc, eq } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@portal/resources';
import { projectMembers, projects } from '../../db/tables.js';
import { ApiError } from '../../transport/errors.js';
import type { Database } from '../../db/client.js';

/**
 * Leaving a company space while still holding a role in one of its projects would leave those projects with
 * people outside their space: refused with 409 `user_still_in_projects`, naming (up to ten of) the projects.
 * Company space roles need no check: they end with the membership. Every removal from a space calls it
 * (`companySpaceMembers.remove` in platform/company-spaces-members.ts).
 */
export async function assertNotInProjects(
  tx: Pick<Database, 'select'>,
  membership: { companySpaceId: string; userId: string },
): Promise<void> {
  const held = await tx
    .select({ name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.userId, membership.userId),
        eq(projects.companySpaceId, membership.companySpaceId),
      ),
    )
    .orderBy(asc(projects.name))
    .limit(10);
  if (held.length) {
    throw ApiError.of(
      409,
      'user_still_in_projects',
      ERROR_MESSAGES.user_still_in_projects,
      held.map((project) => project.name),
    );
  }
}
