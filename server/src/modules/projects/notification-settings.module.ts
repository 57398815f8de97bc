import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_SETTING_TYPES, type NotificationSetting } from '@portal/resources';
import { notificationSettings } from '../../db/tables.js';
import { repositoryModule } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A person's notification settings per project (spec calls §7.6). */
    notificationSettings: NotificationSettingsRepository;
  }
}

export interface NotificationSettingsRepository {
  /** Every type with the stored choice; a missing row counts as enabled. */
  of(tx: Executor, projectId: string, userId: string): Promise<NotificationSetting[]>;
  /** Stores one type's choice. */
  set(tx: Executor, projectId: string, userId: string, setting: NotificationSetting): Promise<void>;
}

export default repositoryModule('notificationSettings', (): NotificationSettingsRepository => ({
  of: async (tx, projectId, userId) => {
    const rows = await tx
      .select({ type: notificationSettings.type, enabled: notificationSettings.enabled })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.projectId, projectId), eq(notificationSettings.userId, userId)));
    return NOTIFICATION_SETTING_TYPES.map((type) => ({
      type,
      enabled: rows.find((row) => row.type === type)?.enabled ?? true,
    }));
  },
  set: async (tx, projectId, userId, setting) => {
    await tx
      .insert(notificationSettings)
      .values({ projectId, userId, ...setting })
      .onConflictDoUpdate({
        target: [notificationSettings.projectId, notificationSettings.userId, notificationSettings.type],
        set: { enabled: setting.enabled },
      });
  },
}));
