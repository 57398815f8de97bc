import { z } from 'zod';
import { badRequest } from '../../http/errors.js';

const uuid = z.uuid();

/**
 * react-admin's getMany asks `filter={"id":[...]}`; on a uuid column a value that is no uuid would fail in the
 * database, so it is refused here as a bad request. An unreadable filter is left to `listRows` to refuse.
 */
export function refuseNonUuidIdFilter(filter: string | undefined): void {
  if (!filter) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    return;
  }
  const id = (parsed as { id?: unknown } | null)?.id;
  if (id === undefined) return;
  const ids: unknown[] = Array.isArray(id) ? id : [id];
  if (!ids.every((value) => uuid.safeParse(value).success)) {
    throw badRequest('Invalid filter: id must be a UUID or a list of UUIDs.', ['filter', 'id']);
  }
}
