import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownListQuerySchema } from '@portal/resources';
import { access } from '../auth/access.js';
import { bearerSecurity, errorResponses, rangeHeaders } from './openapi.js';

export const idParams = z.object({ id: z.uuid() });
/** A list call as the repository reads it: the caller, the querystring and the `Range` header. */
export type ListRequest = FastifyRequest & {
  query: z.infer<typeof ownListQuerySchema>;
  headers: { range?: string };
};

/** A list of rows each owned by a customer: its documentation and the repository call that reads it. */
export interface OwnList {
  tags: string[];
  summary: string;
  /** The schema of one record of the answer. */
  record: z.ZodType;
  list: (request: ListRequest, reply: FastifyReply) => Promise<unknown[]>;
}

/**
 * `GET ''` of a customer's own rows (spec §2.2 /my/…), every customer's for an admin: sorted, filtered and paged
 * by the repository's definition, with `Content-Range`.
 */
export function ownListRoute(app: FastifyInstance, list: OwnList): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: list.tags,
        summary: list.summary,
        security: bearerSecurity,
        // The simple-rest parameters and whose rows (`scope`, see `ownScope`), as the apps' contract names them.
        querystring: ownListQuerySchema,
        headers: rangeHeaders,
        response: { 200: z.array(list.record), ...errorResponses(400, 401, 403) },
        description:
          "`scope=own` answers the caller's own rows whatever their roles; `scope=all` every customer's, for an admin only (403 otherwise); left out, an admin gets every customer's.",
      },
    },
    async (request, reply) => list.list(request, reply),
  );
}
