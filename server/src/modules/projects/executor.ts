import type { Database } from '../../db/client.js';

/** The database or one of its transactions: what the project code reads and writes through. */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;

/** JSON from either driver: node-postgres and PGlite both parse json, but be sure. */
export const fromJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
