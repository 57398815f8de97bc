import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isErrorCode, type Project } from '@portal/resources';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { audit, type AuditEntry } from '../../http/audit.js';
import { ApiError } from '../../http/errors.js';
import type { Executor } from '../../modules/projects/executor.js';
import { loadCaller, type ProjectCaller } from '../../modules/projects/caller.js';
import { projectNotFound } from '../../modules/projects/access.js';
import { findProject, projectRecords, type ProjectWithBoard } from '../../modules/projects/records.js';
import { justRegistered } from '../../modules/projects/registration.js';

export interface ProjectRouteOptions {
  db: Database;
  config: Config;
}

export const tags = ['projects'];
export const security = [{ bearer: [] }];
export const projectParams = z.object({ id: z.uuid() });

/** The helpers every project route file uses, bound to the database and configuration. */
export function projectHelpers({ db, config }: ProjectRouteOptions) {
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

/**
 * For routes declared with `attachValidation`: a refused payload as the spec's 400, each issue with the error code
 * its rule carries (`owner_equals_substitute` …) instead of the generic `invalid_request`.
 */
export function throwValidationError(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const where = error.validationContext ?? 'body';
  throw new ApiError(
    400,
    error.validation.map((issue: { instancePath: string; message?: string; params: unknown }) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const code: unknown = (issue.params as { params?: { errorCode?: unknown } }).params?.errorCode;
      return {
        errorCode: isErrorCode(code) ? code : 'invalid_request',
        resources: [field ? `${where}.${field}` : where],
        messages: [issue.message ?? 'Invalid value.'],
      };
    }),
  );
}
