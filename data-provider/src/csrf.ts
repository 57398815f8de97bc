/** Cookie the server sets and header it expects back on state-changing calls (double-submit CSRF check). */
const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Reads a cookie from a `document.cookie`-style string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Adds the CSRF header to a state-changing request when the browser holds the token cookie. */
export function addCsrfHeader(
  headers: Headers,
  method: string | undefined,
  cookies: string = globalThis.document?.cookie ?? '',
): void {
  if (SAFE_METHODS.has((method ?? 'GET').toUpperCase())) return;
  const token = readCookie(cookies, CSRF_COOKIE);
  if (token) headers.set(CSRF_HEADER, token);
}
