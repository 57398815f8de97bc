import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettingSchema, notificationSettingsSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** The caller's own notification settings for a project (spec calls §7.6); anyone who may see the project has them. */
const notificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { projects, notificationSettings: settings } = app;

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
    async (request) => {
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, request.params.id, 'view');
      return settings.of(db, found.project.id, who.user.id);
    },
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
    async (request) =>
      db.transaction(async (tx) => {
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, request.params.id, 'view');
        const before = await settings.of(tx, found.project.id, who.user.id);
        await settings.set(tx, found.project.id, who.user.id, request.body);
        const after = await settings.of(tx, found.project.id, who.user.id);
        await projects.log(tx, request, {
          action: 'notification_settings',
          entityId: found.project.id,
          before,
          after,
        });
        return after;
      }),
  );
};

export default notificationRoutes;
