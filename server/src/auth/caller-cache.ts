import type { JWTPayload } from 'jose';
import type { CurrentUser } from './users-repository.js';

/** What a verified bearer token stands for, as the auth plugin sets it on the request. */
export interface CachedCaller {
  claims: JWTPayload;
  user: CurrentUser;
  caller: { kind: 'user' | 'service-account'; mfa: boolean };
}

interface Entry extends CachedCaller {
  /** The identity generation (auth_generation) the user was read at. */
  generation: number;
  /** Epoch ms after which the entry is not used: the token's expiry, or the entry's maximum age. */
  until: number;
}

export interface CallerCacheOptions {
  /** At most this many tokens are remembered; the least recently used is dropped first. */
  maxEntries: number;
  /** An entry is verified again after this long even when nothing changed (signing keys rotate, tokens end). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * The verified caller per bearer token, so calls skip verification and the user lookup; an entry serves only while
 * the identity generation it was read at stands (generation.ts), so any change takes effect on the next call.
 */
export function callerCache(options: CallerCacheOptions) {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const entries = new Map<string, Entry>();

  return {
    /**
     * The caller of a token: `fresh` when read at this generation; otherwise, for a token verified before and
     * still within its lifetime, its `claims`, so only the user is read again; null for a token not seen.
     */
    lookup(token: string, generation: number): { fresh: CachedCaller } | { claims: JWTPayload } | null {
      const entry = entries.get(token);
      if (!entry) return null;
      entries.delete(token);
      if (entry.until <= now()) return null;
      entries.set(token, entry);
      return entry.generation === generation ? { fresh: entry } : { claims: entry.claims };
    },

    set(token: string, value: CachedCaller, generation: number): void {
      const expiresAt = typeof value.claims.exp === 'number' ? value.claims.exp * 1000 : now();
      const until = Math.min(expiresAt, now() + options.maxAgeMs);
      if (until <= now()) return;
      entries.delete(token);
      // Shared by every call with this token: frozen, so no handler can change what the next call sees.
      for (const role of value.user.roles) Object.freeze(role);
      Object.freeze(value.user.roles);
      Object.freeze(value.user);
      entries.set(token, { ...value, generation, until });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    },

    get size() {
      return entries.size;
    },
  };
}
