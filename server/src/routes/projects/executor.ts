import type { Database } from '../../db/client.js';

/** The database or one of its transactions: what the project code reads and writes through. */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;
