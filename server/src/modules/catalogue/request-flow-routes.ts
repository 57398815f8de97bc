import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  requestFlowInputSchema,
  requestFlowSchema,
  type RequestFlowInput,
  type RequestFlowType,
} from '@portal/resources';
import type { AccessRule } from '../../auth/access.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation } from '../../http/database-errors.js';
import { badRequest } from '../../http/errors.js';
import type { Executor } from './context.js';
import { errorResponses } from '../../http/openapi.js';

type RequestFlowRow = {
  id: string;
  requestFlow: string;
  questionnaireId: string | null;
  requestUrl: string | null;
};

/** The request flow editor's record of a tool or bundle row. */
export const toRequestFlow = (row: RequestFlowRow): RequestFlowInput => ({
  requestFlow: row.requestFlow as RequestFlowType,
  questionnaireId: row.questionnaireId,
  requestUrl: row.requestUrl,
});

export const unknownQuestionnaire = () => badRequest('No questionnaire has this id.', ['questionnaireId']);

/** What differs between the request flows of tools and of bundles. */
export interface RequestFlowTarget<Params extends z.ZodObject, Row extends RequestFlowRow> {
  /** The item's own path, e.g. `/software/:id`. */
  path: string;
  params: Params;
  tags: string[];
  security: Record<string, string[]>[];
  noun: 'tool' | 'bundle';
  entity: 'tool' | 'software_bundle';
  rule: (action: 'show' | 'edit') => { access: AccessRule };
  find: (params: z.infer<Params>, tx?: Executor) => Promise<Row>;
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  save: (tx: Executor, row: Row, flow: RequestFlowInput) => Promise<Row>;
}

/**
 * `GET`/`PUT {path}/request-flow`: how customers ask for an item (cart, cart with a questionnaire, or an external
 * page), the same for tools and bundles.
 */
export function requestFlowRoutes<Params extends z.ZodObject, Row extends RequestFlowRow>(
  app: FastifyInstance,
  target: RequestFlowTarget<Params, Row>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tags, security, params } = target;
  const paramsOf = (request: FastifyRequest) => request.params as z.infer<Params>;
  routes.get(
    `${target.path}/request-flow`,
    {
      config: target.rule('show'),
      schema: {
        tags,
        summary:
          target.noun === 'tool'
            ? 'How customers ask for this tool: cart, cart with a questionnaire, or an external page'
            : 'How customers ask for this bundle',
        security,
        params,
        response: { 200: requestFlowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toRequestFlow(await target.find(paramsOf(request))),
  );

  routes.put(
    `${target.path}/request-flow`,
    {
      config: target.rule('edit'),
      schema: {
        tags,
        summary: `Set the request flow of a ${target.noun} (the request flow editor)`,
        security,
        params,
        body: requestFlowInputSchema,
        response: { 200: requestFlowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      try {
        return await target.transaction(async (tx) => {
          const item = await target.find(paramsOf(request), tx);
          const after = toRequestFlow(await target.save(tx, item, request.body));
          await audit(tx, request, {
            action: 'update_request_flow',
            entity: target.entity,
            entityId: item.id,
            before: toRequestFlow(item),
            after,
          });
          return after;
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw unknownQuestionnaire();
        throw error;
      }
    },
  );
}
