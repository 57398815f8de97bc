import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_SETTING_TYPES,
  notificationSettingSchema,
  notificationSettingsSchema,
  type NotificationSetting,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import { notificationSettings } from '../../../db/tables.js';
import type { ModuleOptions } from '../../../http/module.js';
import { errorResponses } from '../../../http/openapi.js';
import type { Executor } from '../../../modules/projects/executor.js';
import { reachProject } from '../../../modules/projects/access.js';
import { projectHelpers, projectParams, security, tags } from '../../../modules/projects/helpers.js';

/** Every type with the stored choice; a missing row counts as enabled. */
async function settingsOf(tx: Executor, projectId: string, userId: string): Promise<NotificationSetting[]> {
  const rows = await tx
    .select({ type: notificationSettings.type, enabled: notificationSettings.enabled })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.projectId, projectId), eq(notificationSettings.userId, userId)));
  return NOTIFICATION_SETTING_TYPES.map((type) => ({
    type,
    enabled: rows.find((row) => row.type === type)?.enabled ?? true,
  }));
}

/** The caller's own notification settings for a project (spec calls §7.6); anyone who may see the project has them. */
const notificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { caller, log } = projectHelpers(options);

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
      const who = await caller(request);
      const found = await reachProject(db, who, request.params.id, 'view');
      return settingsOf(db, found.project.id, who.user.id);
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
        const who = await caller(request, tx);
        const found = await reachProject(tx, who, request.params.id, 'view');
        const before = await settingsOf(tx, found.project.id, who.user.id);
        await tx
          .insert(notificationSettings)
          .values({ projectId: found.project.id, userId: who.user.id, ...request.body })
          .onConflictDoUpdate({
            target: [notificationSettings.projectId, notificationSettings.userId, notificationSettings.type],
            set: { enabled: request.body.enabled },
          });
        const after = await settingsOf(tx, found.project.id, who.user.id);
        await log(tx, request, {
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
