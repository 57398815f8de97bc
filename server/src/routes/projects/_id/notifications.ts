import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettingSchema, notificationSettingsSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** The caller's own notification settings for a project (spec calls §7.6); anyone who may see the project has them. */
const notificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const { projects } = app;

  app.get(
    '/users/me/notifications',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'The caller’s notification settings for the project, one per type (missing means enabled)',
        security,
        params: projectParams,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => projects.notificationSettings(request, request.params.id),
  );

  app.patch(
    '/users/me/notifications',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Turn one notification type on or off for the caller; answers every setting',
        security,
        params: projectParams,
        body: notificationSettingSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => projects.setNotificationSetting(request, request.params.id, request.body),
  );
};

export default notificationRoutes;
