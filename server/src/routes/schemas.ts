import { errorBodySchema } from '@portal/resources';

/** The spec's error body, documented for the given statuses. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}
