/**
 * List ranges of spec product §3: a list answer carries `offset-limitOffset/total`, read as offset, limit and
 * total. On the wire that is the `Content-Range: <resource> <first>-<last>/<total>` header of react-admin's
 * simple-rest dialect, with an inclusive last index.
 */
export interface ListRange {
  offset: number;
  limit: number;
  total: number;
}

export function formatContentRange(resource: string, offset: number, count: number, total: number): string {
  if (count === 0) return `${resource} */${total}`;
  return `${resource} ${offset}-${offset + count - 1}/${total}`;
}

const CONTENT_RANGE = /^(?:([\w-]+)\s+)?(?:(\d+)-(\d+)|\*)\/(\d+|\*)$/;

/** Parses a Content-Range value into offset, limit (number of rows in this page) and total. */
export function parseContentRange(value: string | null | undefined): ListRange | null {
  const match = value ? CONTENT_RANGE.exec(value.trim()) : null;
  if (!match) return null;
  const [, , first, last, total] = match;
  const parsedTotal = total === undefined || total === '*' ? NaN : Number(total);
  if (first === undefined || last === undefined) {
    return Number.isNaN(parsedTotal) ? null : { offset: 0, limit: 0, total: parsedTotal };
  }
  const offset = Number(first);
  const limit = Number(last) - offset + 1;
  if (limit < 0) return null;
  return { offset, limit, total: Number.isNaN(parsedTotal) ? offset + limit : parsedTotal };
}

const RANGE_HEADER = /^([\w-]+)=(\d+)-(\d+)$/;

/** Parses a request `Range: <resource>=<first>-<last>` header into an offset and a row count. */
export function parseRangeHeader(value: string | undefined): { offset: number; count: number } | null {
  const match = value ? RANGE_HEADER.exec(value.trim()) : null;
  if (!match) return null;
  const first = Number(match[2]);
  const last = Number(match[3]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first) return null;
  return { offset: first, count: last - first + 1 };
}
