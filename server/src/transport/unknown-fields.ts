import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { knownFields } from '@portal/resources';
import { ApiError } from './errors.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Refuses a JSON body field that the route neither takes nor gives back (400 `invalid_request` naming the field),
 * so a misspelt or invented field is not silently dropped. Fields of the records the same address answers with
 * (any method's 2xx response) pass and are ignored: react-admin sends a whole record back on update, its `id` and
 * dates included. Routes whose body is not an object schema (uploads, lists, forms) and loose objects are left
 * alone. Register before the routes: it reads each route's schemas as the route is added.
 */
export function refuseUnknownFields(app: FastifyInstance): void {
  /** Per address (`/api/v1/boards/:id`), the fields of what its routes answer with. */
  const answered = new Map<string, Set<string>>();

  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { body?: unknown; response?: Record<string, unknown> } | undefined;
    // `id` names the record in the address already; react-admin puts it in every record it sends.
    const fields = answered.get(route.url) ?? new Set<string>(['id']);
    answered.set(route.url, fields);
    for (const [status, response] of Object.entries(schema?.response ?? {})) {
      if (!/^2\d\d$/.test(status)) continue;
      const known = knownFields(response);
      if (known instanceof Set) for (const field of known) fields.add(field);
    }

    const body = knownFields(schema?.body);
    if (!(body instanceof Set)) return;
    const check = async (request: FastifyRequest) => {
      if (!isPlainObject(request.body)) return;
      const unknown = Object.keys(request.body).filter((field) => !body.has(field) && !fields.has(field));
      if (unknown.length === 0) return;
      throw new ApiError(
        400,
        unknown.slice(0, 20).map((field) => ({
          errorCode: 'invalid_request',
          resources: [`body.${field.slice(0, 100)}`],
          messages: [`Unknown field "${field.slice(0, 100)}".`],
        })),
      );
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [...[existing].flat(), check] : [check];
  });
}
