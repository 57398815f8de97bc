import { errorBodySchema } from '@portal/resources';

/** The spec's error body, documented for the given statuses. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** Every call under /api/v1 but the public catalogue takes a bearer token. */
export const bearerSecurity = [{ bearer: [] }];
