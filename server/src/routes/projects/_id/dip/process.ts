import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dipProcessSchema, dipResetPayloadSchema, dipResolvePayloadSchema } from '@portal/resources';
import { access } from '../../../../auth/access.js';
import { dipTags as tags } from '../../../../modules/dip/records.js';
import type { ModuleOptions } from '../../../../crud/module.js';
import { errorResponses } from '../../../../crud/openapi.js';
import { projectParams, security } from '../../../../modules/projects/route-schemas.js';

const stepParams = projectParams.extend({ stepId: z.uuid() });

/** The project-side calls of the design-in process: its state, resolve, confirm, reset. */
const dipProcessRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const { complete, process, reset, resolve } = app.projectDip;

  app.get(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "The project's design-in process (anyone who may see the project): each step with its state (pending, active, completed), whether the active step is submitted, who it waits for, its result and files, and what the caller may do (can.upload/resolve/complete/reset); the workflow status; the follow-up. 404 when the board has none",
        security,
        params: projectParams,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => process(request, request.params.id),
  );

  app.post(
    '/steps/:stepId/resolve',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Submit (resolve) the active step, by someone acting as one of its resolver roles (or an admin), with the input of its completion type: value (sales code → 400 salescode_invalid / salescode_not_matching; SRC 3–8 capitals or digits, unique on the board → 409 short_rom_code_already_exists; development code; input; textarea), checked: true (check, check-with-comment with comment), nothing for file steps (409 dip_files_missing, malware_detected, config_not_customer_complete, file_not_uploaded, file_not_referenced). Without confirmation the step completes and the next becomes active; completing the last starts the follow-up. 409 dip_step_not_active / dip_step_already_resolved. Answers the process',
        security,
        params: stepParams,
        body: dipResolvePayloadSchema,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => resolve(request, request.params.id, request.params.stepId, request.body),
  );

  app.post(
    '/steps/:stepId/complete',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Confirm a submitted step that requires confirmation, by its completer (the FAE when none is set) or an admin; the next step becomes active. 409 dip_step_not_active / dip_step_not_resolved. Answers the process',
        security,
        params: stepParams,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => complete(request, request.params.id, request.params.stepId),
  );

  app.post(
    '/reset',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "Reset the process to a completed step or the active one (an admin; the project's company space admin on a step with the CSA-reset flag): that step's and later steps' results and files are discarded, and the SRC and development code they set. Answers the process",
        security,
        params: projectParams,
        body: dipResetPayloadSchema,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reset(request, request.params.id, request.body),
  );
};

export default dipProcessRoutes;
