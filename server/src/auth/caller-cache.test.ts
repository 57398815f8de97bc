import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './users-repository.js';
import { callerCache, type CachedCaller } from './caller-cache.js';

const NOW = 1_800_000_000_000;

function caller(exp: number | null = NOW / 1000 + 3600): CachedCaller {
  const user: CurrentUser = {
    id: 'u1',
    subject: 's1',
    username: 'someone',
    email: 'someone@example.com',
    givenName: null,
    familyName: null,
    company: null,
    country: null,
    emailVerified: true,
    roles: [{ name: 'Admin' }],
  };
  return {
    claims: { sub: 's1', ...(exp === null ? {} : { exp }) },
    user,
    caller: { kind: 'user', mfa: false },
  };
}

describe('the verified-caller cache', () => {
  it('answers a token at the generation it was read at, and only its claims at another', () => {
    const cache = callerCache({ maxEntries: 10, maxAgeMs: 60_000, now: () => NOW });
    expect(cache.lookup('t', 1)).toBeNull();
    cache.set('t', caller(), 1);
    expect(cache.lookup('t', 1)).toMatchObject({ fresh: { user: { id: 'u1' } } });
    // Something about callers changed: the token need not be verified again, but its user is read again.
    expect(cache.lookup('t', 2)).toEqual({ claims: { sub: 's1', exp: NOW / 1000 + 3600 } });
  });

  it('ends an entry with its token, and after its maximum age', () => {
    let now = NOW;
    const cache = callerCache({ maxEntries: 10, maxAgeMs: 5_000, now: () => now });
    cache.set('short', caller(NOW / 1000 + 2), 1);
    cache.set('long', caller(), 1);
    now += 2_000;
    expect(cache.lookup('short', 1)).toBeNull();
    expect(cache.lookup('long', 1)).not.toBeNull();
    now += 3_000;
    expect(cache.lookup('long', 1)).toBeNull();
    // A token already expired, or without an expiry, is not kept at all.
    cache.set('expired', caller(NOW / 1000 - 1), 1);
    cache.set('no-exp', caller(null), 1);
    expect(cache.lookup('expired', 1)).toBeNull();
    expect(cache.lookup('no-exp', 1)).toBeNull();
  });

  it('keeps at most maxEntries tokens, dropping the least recently used', () => {
    const cache = callerCache({ maxEntries: 2, maxAgeMs: 60_000, now: () => NOW });
    cache.set('a', caller(), 1);
    cache.set('b', caller(), 1);
    expect(cache.lookup('a', 1)).not.toBeNull();
    cache.set('c', caller(), 1);
    expect(cache.size).toBe(2);
    expect(cache.lookup('b', 1)).toBeNull();
    expect(cache.lookup('a', 1)).not.toBeNull();
    expect(cache.lookup('c', 1)).not.toBeNull();
  });

  it('hands out a frozen user, so no call can change what the next one sees', () => {
    const cache = callerCache({ maxEntries: 10, maxAgeMs: 60_000, now: () => NOW });
    cache.set('t', caller(), 1);
    const found = cache.lookup('t', 1);
    const user = found && 'fresh' in found ? found.fresh.user : null;
    expect(Object.isFrozen(user)).toBe(true);
    expect(() => (user!.roles as { name: string }[]).push({ name: 'Admin' })).toThrow(TypeError);
  });
});
