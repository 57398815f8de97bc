/**
 * Range pagination of list calls (spec product §3: a list answer carries `offset-limitOffset/total`, read as
 * offset, limit and total). On the wire that is react-admin's simple-rest dialect: the request carries
 * `Range: boards=0-24`, the answer `Content-Range: boards 0-24/123`, with inclusive offsets.
 */
export interface ContentRange {
  resource: string;
  /** Index of the first item of the page. */
  offset: number;
  /** Number of items in the page (last offset - first offset + 1; 0 for an empty page). */
  limit: number;
  /** Number of matching items in the whole list. */
  total: number;
}

const CONTENT_RANGE = /^\s*([A-Za-z0-9_.-]+)\s+(?:(\d+)-(\d+)|\*)\/(\d+)\s*$/;

/**
 * Parses a `Content-Range` header. An empty page may be written `boards *\/0` (RFC 9110's unsatisfied range).
 * Throws on anything else, because a wrong total silently breaks paging.
 */
export function parseContentRange(header: string): ContentRange {
  const match = CONTENT_RANGE.exec(header);
  if (!match) {
    throw new Error(`Malformed Content-Range header: "${header}"`);
  }
  const [, resource = '', first, last, total] = match;
  const parsedTotal = Number(total);
  if (first === undefined || last === undefined) {
    return { resource, offset: 0, limit: 0, total: parsedTotal };
  }
  const offset = Number(first);
  const lastOffset = Number(last);
  if (lastOffset < offset) {
    throw new Error(`Malformed Content-Range header: "${header}" (range ends before it starts)`);
  }
  return { resource, offset, limit: lastOffset - offset + 1, total: parsedTotal };
}

/** Writes a `Content-Range` header value; an empty page is written `resource *\/total`. */
export function formatContentRange({ resource, offset, limit, total }: ContentRange): string {
  if (limit <= 0) {
    return `${resource} */${total}`;
  }
  return `${resource} ${offset}-${offset + limit - 1}/${total}`;
}

/** Writes a `Range` request header value asking for `limit` items from `offset`. */
export function formatRangeHeader(resource: string, offset: number, limit: number): string {
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`Invalid range: offset ${offset}, limit ${limit}`);
  }
  return `${resource}=${offset}-${offset + limit - 1}`;
}

const RANGE_HEADER = /^\s*([A-Za-z0-9_.-]+)=(\d+)-(\d+)\s*$/;

/** Parses a request `Range: <resource>=<first>-<last>` header into an offset and a limit; null when malformed. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit: number } | null {
  const match = header ? RANGE_HEADER.exec(header) : null;
  if (!match) return null;
  const first = Number(match[2]);
  const last = Number(match[3]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first) return null;
  return { offset: first, limit: last - first + 1 };
}
