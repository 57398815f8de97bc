import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bearer, type Tokens } from './support/sign-in.js';

/**
 * A project with a design-in process whose first step takes file uploads: a board without serial numbers gets a
 * one-step process (admin), then the owner registers a project on it.
 */
export async function dipUploadProject(
  app: FastifyInstance,
  db: Database,
  tokens: { owner: Tokens; admin: Tokens },
  name = 'DIP uploads',
): Promise<{ projectId: string; stepId: string; boardId: string }> {
  const boards = (await db.execute(
    sql`select id, name from boards where released_for_registration and not restricted_access and not secure
        and not serialnumber_required and name not like 'ESIM%' order by name limit 1`,
  )) as unknown as { rows: { id: string; name: string }[] };
  const board = boards.rows[0]!;
  const existing = await app.inject({
    method: 'GET',
    url: `/api/v1/boards/${board.id}/dip-steps`,
    headers: bearer(tokens.admin),
  });
  if (!existing.json<{ steps: unknown[] }>().steps.length) {
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/v1/boards/${board.id}/dip-steps`,
      headers: bearer(tokens.admin),
      payload: {
        steps: [
          {
            title: 'Upload your schematics',
            description: 'Upload the schematics of your design.',
            resolverRoles: ['project-member'],
            completer: null,
            completionType: 'file-upload',
            confirmationRequired: true,
            csaReset: false,
            secure: false,
            childProject: null,
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/projects?acceptServiceAgreement=true',
    headers: bearer(tokens.owner),
    payload: { name, board: board.name },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const projectId = registered.json<{ id: string }>().id;
  const dip = await app.inject({
    method: 'GET',
    url: `/api/v1/projects/${projectId}/dip`,
    headers: bearer(tokens.owner),
  });
  expect(dip.statusCode, dip.body).toBe(200);
  const stepId =
    dip.json<{ activeStepId: string | null; steps: { id: string }[] }>().activeStepId ??
    dip.json<{ steps: { id: string }[] }>().steps[0]!.id;
  return { projectId, stepId, boardId: board.id };
}
