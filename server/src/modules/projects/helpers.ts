import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Project } from '@portal/resources';
import { audit, type AuditEntry } from '../../http/audit.js';
import type { ModuleOptions } from '../../http/module.js';
import type { Executor } from './executor.js';
import { loadCaller, type ProjectCaller } from './caller.js';
import { projectNotFound } from './access.js';
import { findProject, projectRecords, type ProjectWithBoard } from './records.js';
import { justRegistered } from './registration.js';

export { bearerSecurity as security } from '../../http/openapi.js';
export const tags = ['projects'];
export const projectParams = z.object({ id: z.uuid() });

/** The helpers every project route file uses, bound to the database and configuration. */
export function projectHelpers({ db, config }: Pick<ModuleOptions, 'db' | 'config'>) {
  const caller = (request: FastifyRequest, tx: Executor = db): Promise<ProjectCaller> =>
    loadCaller(tx, request);

  /** Records of rows already read, as `caller` may see them. */
  const records = (
    tx: Executor,
    rows: ProjectWithBoard[],
    who: Pick<ProjectCaller, 'user' | 'isAdmin'>,
    withMembers = true,
  ): Promise<Project[]> =>
    projectRecords(tx, rows, {
      publicUrl: config.publicUrl,
      reader: { userId: who.user.id, isAdmin: who.isAdmin },
      withMembers,
    });

  /**
   * The record of one project, read again (after a change, inside its transaction); a project registration just
   * wrote in this transaction comes from what it wrote.
   */
  const record = async (
    tx: Executor,
    id: string,
    who: Pick<ProjectCaller, 'user' | 'isAdmin'>,
  ): Promise<Project> => {
    const found = justRegistered(tx, id) ?? (await findProject(tx, id));
    if (!found) throw projectNotFound();
    return (await records(tx, [found], who))[0]!;
  };

  const log = (tx: Executor, request: FastifyRequest, entry: Omit<AuditEntry, 'entity'>) =>
    audit(tx, request, { entity: 'project', ...entry });

  return { caller, records, record, log };
}
