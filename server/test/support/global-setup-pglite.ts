import type { TestProject } from 'vitest/node';
import { makePgliteSnapshots } from './database-snapshots.js';

/** The PGlite run's database snapshots (database-snapshots.ts), made once and removed at the end. */
export default async function setup(project: TestProject) {
  const { snapshots, remove } = await makePgliteSnapshots();
  project.provide('databaseSnapshots', snapshots);
  return remove;
}
