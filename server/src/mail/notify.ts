import { and, eq, sql } from 'drizzle-orm';
import type { NotificationSettingType } from '@portal/resources';
import type { Database } from '../db/client.js';
import { notificationSettings, projectMembers, users } from '../db/tables.js';
import { mailLine } from './mailer.js';
import type { MailExecutor, MailQueue } from './queue.js';

export interface ProjectNotification {
  projectId: string;
  /** The notification setting that decides who gets it (spec product §3). */
  type: NotificationSettingType;
  subject: string;
  /** Plain text, the same for every recipient. */
  text: string;
  /** The person who caused it: they know already. */
  excludeUserId?: string | null;
}

/** The database or a transaction: read the members and write the mails inside the caller's transaction. */
export type NotifyExecutor = Pick<Database, 'select' | 'insert'>;

/**
 * The people a project notification goes to: the project's owner, substitute, FAE and members (its explicit
 * roles) whose setting of that type is enabled — a missing setting counts as enabled (spec product §3). One
 * address once, even with two roles.
 */
export async function notificationRecipients(
  db: Pick<Database, 'select'>,
  notification: Pick<ProjectNotification, 'projectId' | 'type' | 'excludeUserId'>,
): Promise<Array<{ userId: string; email: string }>> {
  const rows = await db
    .select({ userId: users.id, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.projectId, projectMembers.projectId),
        eq(notificationSettings.userId, projectMembers.userId),
        eq(notificationSettings.type, notification.type),
      ),
    )
    .where(
      and(
        eq(projectMembers.projectId, notification.projectId),
        sql`coalesce(${notificationSettings.enabled}, true)`,
        notification.excludeUserId
          ? sql`${projectMembers.userId} <> ${notification.excludeUserId}`
          : undefined,
      ),
    )
    .orderBy(users.email);
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Queues one mail per recipient of a project notification. Pass the route's transaction as `db` so the mails are
 * written with the change they report (and not at all when it rolls back). Answers the number of mails queued.
 */
export async function notifyProjectMembers(
  db: NotifyExecutor,
  mailQueue: MailQueue,
  notification: ProjectNotification,
): Promise<number> {
  const recipients = await notificationRecipients(db, notification);
  await mailQueue.enqueue(
    recipients.map((recipient) => ({
      to: recipient.email,
      subject: notification.subject,
      text: notification.text,
      kind: notification.type,
    })),
    db as MailExecutor,
  );
  return recipients.length;
}

/**
 * Subject and text of a project notification: what happened, the project, a link to it and a link to the
 * settings that turn such mails off. `publicUrl` is the portal's address (config.publicUrl). Every line is
 * flattened by `mailLine`, so user values cannot add lines.
 */
export function projectMail(
  publicUrl: string,
  project: { id: string; name: string },
  headline: string,
  details: string[] = [],
): { subject: string; text: string } {
  const page = `${publicUrl}/my/projects/${project.id}`;
  // Names, titles and file names are the users': each stays on its own line.
  const name = mailLine(project.name);
  const what = mailLine(headline);
  const sentence = what.charAt(0).toUpperCase() + what.slice(1);
  return {
    subject: `${name}: ${what}`,
    text: [
      `${sentence}.`,
      '',
      `Project: ${name}`,
      ...details.map(mailLine),
      '',
      `Open the project: ${page}`,
      '',
      `You receive this mail as a member of the project. Choose which mails you get: ${page}/manage-notifications`,
      '',
    ].join('\n'),
  };
}
