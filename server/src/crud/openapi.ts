import { errorBodySchema, RANGE_HEADER_MAX_LENGTH } from '@portal/resources';
import { z } from 'zod';

/** The spec's error body, documented for the given statuses. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** Every call under /api/v1 but the public catalogue takes a bearer token. */
export const bearerSecurity = [{ bearer: [] }];

/** The `Range` header of every paged list (spec §7), bounded so a huge header is refused before it is parsed. */
export const rangeHeaders = z
  .object({ range: z.string().max(RANGE_HEADER_MAX_LENGTH).optional() })
  .passthrough();

/** The path parameter of a record named by its uuid. */
export const idParams = z.object({ id: z.uuid() });
