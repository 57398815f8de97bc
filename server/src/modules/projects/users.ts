import { asc, eq, sql } from 'drizzle-orm';
import { users } from '../../db/tables.js';
import type { Executor } from '../../crud/repository.js';

/** A portal user by email, ignoring case (the oldest account when several issuers know the address). */
export async function userByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, company: users.company })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}
