import type { JWTPayload } from 'jose';

export interface UserInfoCacheOptions {
  /** The provider's userinfo endpoint (from discovery). */
  endpoint: string;
  /** At most this many tokens' answers are kept; the least recently used goes first. */
  maxEntries: number;
  /** After a failed call, the same token asks again no sooner than this (a provider down is not asked per request). */
  retryAfterMs: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export const USERINFO_CACHE_DEFAULTS = { maxEntries: 10_000, retryAfterMs: 30_000 };

interface Entry {
  answer: Promise<JWTPayload | null>;
  until: number;
}

/**
 * The provider's userinfo per access token, asked once and kept for the token's life; an answer about another
 * subject is dropped (OIDC Core 5.3.2), and a failure is null, so the token's own claims serve.
 */
export function userInfoCache(options: UserInfoCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function ask(token: string, subject: string): Promise<JWTPayload | null> {
    const response = await fetch(options.endpoint, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    if (!/\bjson\b/.test(response.headers.get('content-type') ?? '')) {
      // A signed or encrypted userinfo answer (application/jwt) is not read.
      throw new Error(`userinfo answered ${response.headers.get('content-type') ?? 'no content type'}`);
    }
    const body = (await response.json()) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new Error('userinfo is no object');
    const claims = body as JWTPayload;
    if (claims.sub !== subject) throw new Error('userinfo names another subject than the token');
    return claims;
  }

  return {
    get(token: string, claims: JWTPayload): Promise<JWTPayload | null> {
      const known = entries.get(token);
      entries.delete(token);
      if (known && known.until > now()) {
        entries.set(token, known);
        return known.answer;
      }
      const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : now();
      const entry: Entry = {
        until: expiresAt,
        answer: ask(token, claims.sub!).catch((error: unknown) => {
          options.onError?.(error);
          entry.until = Math.min(expiresAt, now() + options.retryAfterMs);
          return null;
        }),
      };
      entries.set(token, entry);
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return entry.answer;
    },

    get size() {
      return entries.size;
    },
  };
}
