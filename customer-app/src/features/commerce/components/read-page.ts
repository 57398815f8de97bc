/** `page` of the URL (from 1). */
export function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}
