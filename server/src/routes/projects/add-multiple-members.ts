import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addMultipleMembersPayloadSchema,
  addMultipleMembersResultSchema,
  type AddMultipleMembersResult,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../crud/module.js';
import { errorResponses } from '../../crud/openapi.js';
import { assertNotCancelled, type ReachedProject } from '../../modules/projects/access.js';
import { security, tags } from '../../modules/projects/route-schemas.js';

/** `POST projects/add-multiple-members` (spec calls §7.3): many users into many projects at once. */
const addMultipleMembersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { projects, projectRoles: roles } = app;

  app.post(
    '/add-multiple-members',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Add every listed user (by email, of the project’s company space) to every listed project as a member; the caller manages all of them. Answers a batch summary',
        security,
        body: addMultipleMembersPayloadSchema,
        response: { 200: addMultipleMembersResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx): Promise<AddMultipleMembersResult> => {
        const who = await projects.caller(request, tx);
        // Locked in one order, so two batches over the same projects queue instead of deadlocking.
        const projectIds = [...new Set(request.body.projects)].sort();
        const reached: ReachedProject[] = [];
        for (const id of projectIds) {
          const found = await projects.reach(tx, who, id, 'manage', { lock: true });
          assertNotCancelled(found);
          reached.push(found);
        }
        const people = new Map<string, Awaited<ReturnType<typeof roles.userByEmail>> | null>();
        for (const email of request.body.users) {
          const key = email.trim().toLowerCase();
          if (!people.has(key)) people.set(key, (await roles.userByEmail(tx, key)) ?? null);
        }
        const result: AddMultipleMembersResult = { added: [], failed: [] };
        const inRequestOrder = [...new Set(request.body.projects)].map((id) =>
          reached.find((found) => found.project.id === id)!,
        );
        for (const found of inRequestOrder) {
          const project = found.project.id;
          for (const [email, user] of people) {
            const fail = (errorCode: string, message: string) =>
              result.failed.push({ project, email, errorCode, message });
            if (!user) {
              fail('not_found', 'No portal user has this email address.');
              continue;
            }
            if (!(await roles.inCompanySpace(tx, user.id, found.project))) {
              fail('wrong_company_space', 'This user does not belong to the project’s company space.');
              continue;
            }
            if (!(await roles.addMember(tx, project, user.id))) {
              fail('duplicate', 'This user is already in the project.');
              continue;
            }
            result.added.push({ project, email: user.email });
            // One record per person, naming them (`userId`), so their History shows it too.
            await projects.log(tx, request, {
              action: 'add_members',
              entityId: project,
              after: { userId: user.id, email: user.email, role: 'member' },
            });
          }
        }
        return result;
      }),
  );
};

export default addMultipleMembersRoutes;
