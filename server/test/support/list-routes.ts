import type { LightMyRequestResponse } from 'fastify';

/**
 * Every list route of the API (a GET answering a JSON array), walked from the OpenAPI description, with paths under
 * a record filled in: `{id}` of `/installers/…` by `installerId`, every other `{id}` by `boardId`; paths with any
 * other parameter are left out.
 */
export async function listRoutes(
  get: (url: string) => Promise<LightMyRequestResponse>,
  ids: { boardId: string; installerId: string },
): Promise<string[]> {
  const spec = (await get('/openapi.json')).json<{
    paths: Record<
      string,
      { get?: { responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }> }> } }
    >;
  }>();
  return Object.entries(spec.paths)
    .filter(
      ([, item]) => item.get?.responses?.['200']?.content?.['application/json']?.schema?.type === 'array',
    )
    .map(([path]) => path.replace(/^\/api\/v1/, ''))
    .map((path) => (path.startsWith('/installers/') ? path.replace('{id}', ids.installerId) : path))
    .map((path) => path.replace(/\{id\}/g, ids.boardId))
    .filter((path) => !/\{/.test(path));
}
