/** The SQLSTATE of a database error, looked for through drizzle's `DrizzleQueryError` wrapper (`cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the write: the database's answer to two concurrent creates of the same thing. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/**
 * A foreign key refused the write, such as deleting a company space a concurrent call just added someone to; an
 * `ON DELETE RESTRICT` key (a board's projects) refuses with 23001 on newer PostgreSQL (PGlite), 23503 on 15.
 */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(sqlState(error) ?? '');

/**
 * A value the database cannot take (class 22: malformed uuid or number, NUL in text, value out of range). Input
 * validation should catch it first; this keeps a slip from becoming a 500.
 */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false;

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database cannot be reached or is shutting down (SQLSTATE class 08, 57P01–57P03, or a socket error): the
 * request may succeed again in a moment, so it answers 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state?.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03') return true;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERRNOS.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|connection timeout/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
