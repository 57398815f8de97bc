import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_CANCEL_TRANSITIONS, projectSchema, type ProjectCancelAction } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** The cancellation of a project (`projects/{id}/cancel/{request,accept,reject}`). */
const cancelRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const { projects } = app;

  const cancelSummaries: Record<ProjectCancelAction, string> = {
    request:
      'Request the cancellation of an active project (owner, substitute, admin): status becomes cancellation-requested',
    accept:
      'Accept a requested cancellation (provider: admin or the project’s FAE): status becomes cancelled',
    reject:
      'Reject a requested cancellation (provider: admin or the project’s FAE): status goes back to active',
  };
  for (const action of Object.keys(PROJECT_CANCEL_TRANSITIONS) as ProjectCancelAction[]) {
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
      async (request) => projects.cancelStep(request, request.params.id, action),
    );
  }
};

export default cancelRoutes;
