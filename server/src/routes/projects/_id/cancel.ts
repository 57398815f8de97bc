import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_CANCEL_TRANSITIONS, projectSchema, type ProjectCancelAction } from '@portal/resources';
import { access } from '../../../auth/access.js';
import { ApiError } from '../../../transport/errors.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { notifyProjectMembers, projectMail } from '../../../mail/notify.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** The cancellation of a project (`projects/{id}/cancel/{request,accept,reject}`). */
const cancelRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { mail } = app;
  const { publicUrl } = options.config;
  const { projects } = app;

  const CANCEL_HEADLINES: Record<ProjectCancelAction, string> = {
    request: 'cancellation requested',
    accept: 'the project was cancelled',
    reject: 'the cancellation was rejected; the project is active again',
  };
  const cancelSummaries: Record<ProjectCancelAction, string> = {
    request:
      'Request the cancellation of an active project (owner, substitute, admin): status becomes cancellation-requested',
    accept:
      'Accept a requested cancellation (provider: admin or the project’s FAE): status becomes cancelled',
    reject:
      'Reject a requested cancellation (provider: admin or the project’s FAE): status goes back to active',
  };
  for (const action of Object.keys(PROJECT_CANCEL_TRANSITIONS) as ProjectCancelAction[]) {
    const { from, to } = PROJECT_CANCEL_TRANSITIONS[action];
    app.post(
      `/cancel/${action}`,
      {
        config: { access: access.signedIn() },
        schema: {
          tags,
          summary: `${cancelSummaries[action]}; answers the project`,
          security,
          params: projectParams,
          response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const who = await projects.caller(request, tx);
          const found = await projects.reach(
            tx,
            who,
            request.params.id,
            action === 'request' ? 'manage' : 'provider',
            {
              lock: true,
            },
          );
          if (found.project.status !== from) {
            throw ApiError.of(
              409,
              'conflict',
              action === 'request'
                ? `Only an active project can be cancelled; this one is ${found.project.status}.`
                : `No cancellation is requested for this project; it is ${found.project.status}.`,
              ['status'],
            );
          }
          await projects.update(tx, found.project.id, { status: to });
          if (to === 'cancelled') await app.esimProfiles.release(tx, found.project.id);
          const after = await projects.record(tx, found.project.id, who);
          await projects.log(tx, request, {
            action: `cancel_${action}`,
            entityId: found.project.id,
            before: { status: from },
            after: { status: to },
          });
          await notifyProjectMembers(tx, mail, {
            projectId: found.project.id,
            type: 'project-status-change',
            ...projectMail(publicUrl, after, CANCEL_HEADLINES[action], [`Status: ${from} → ${to}`]),
            excludeUserId: who.user.id,
          });
          return after;
        }),
    );
  }
};

export default cancelRoutes;
