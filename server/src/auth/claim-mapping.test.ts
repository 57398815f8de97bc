import { describe, expect, it } from 'vitest';
import {
  claimMappingOf,
  mergeProfiles,
  profileOf,
  splitName,
  withMappedSubject,
  withTrustedEmail,
} from './claim-mapping.js';

describe('claim mapping', () => {
  it('splits a full name: "Family, Given" of a directory, else the last word is the family name', () => {
    expect(splitName('Lovelace, Ada')).toEqual({ givenName: 'Ada', familyName: 'Lovelace' });
    expect(splitName('Ada King Lovelace')).toEqual({ givenName: 'Ada King', familyName: 'Lovelace' });
    expect(splitName('Ada')).toEqual({ givenName: 'Ada' });
  });

  it("reads Entra's address from preferred_username or upn, never a sign-in name that is no address", () => {
    const entra = claimMappingOf('entra', {});
    expect(profileOf({ preferred_username: 'ada@example.com', name: 'Ada Lovelace' }, entra)).toEqual({
      email: 'ada@example.com',
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
    expect(profileOf({ preferred_username: 'ada', upn: 'ada@example.com' }, entra).email).toBe(
      'ada@example.com',
    );
    expect(profileOf({ preferred_username: 'ada' }, entra).email).toBeUndefined();
    // The standard mapping does not take preferred_username as an address.
    expect(
      profileOf({ preferred_username: 'ada@example.com' }, claimMappingOf('generic', {})).email,
    ).toBeUndefined();
  });

  it('takes OIDC_CLAIM_* overrides in order, and given_name before a split name', () => {
    const mapping = claimMappingOf('generic', { email: 'mail,email', givenName: 'first' });
    expect(
      profileOf({ email: 'b@example.com', mail: 'a@example.com', first: 'A', name: 'X Y' }, mapping),
    ).toEqual({
      email: 'a@example.com',
      givenName: 'A',
      familyName: 'Y',
    });
  });

  it('counts email_verified only for the address of the email claim', () => {
    const entra = claimMappingOf('entra', {});
    expect(profileOf({ email: 'a@example.com', email_verified: true }, entra).emailVerified).toBe(true);
    expect(profileOf({ email: 'a@example.com', email_verified: 'false' }, entra).emailVerified).toBe(false);
    expect(
      profileOf({ preferred_username: 'a@example.com', email_verified: true }, entra).emailVerified,
    ).toBe(undefined);
  });

  it("prefers the token's claims over userinfo's, and a verification follows its address", () => {
    expect(
      mergeProfiles(
        { email: 'a@example.com' },
        { email: 'b@example.com', emailVerified: true, givenName: 'B' },
      ),
    ).toEqual({ email: 'a@example.com', emailVerified: undefined, givenName: 'B', familyName: undefined });
    expect(mergeProfiles({}, { email: 'b@example.com', emailVerified: true })).toMatchObject({
      email: 'b@example.com',
      emailVerified: true,
    });
  });

  it('trusts an unsaid verification for every address or the listed domains only; what the provider says wins', () => {
    expect(withTrustedEmail({ email: 'a@Example.com' }, ['example.com']).emailVerified).toBe(true);
    expect(
      withTrustedEmail({ email: 'a@example.com.evil.org' }, ['example.com']).emailVerified,
    ).toBeUndefined();
    expect(withTrustedEmail({ email: 'a@sub.example.com' }, ['example.com']).emailVerified).toBeUndefined();
    expect(withTrustedEmail({ email: 'a@x.org' }, true).emailVerified).toBe(true);
    expect(withTrustedEmail({ email: 'a@x.org', emailVerified: false }, true).emailVerified).toBe(false);
    expect(withTrustedEmail({ email: 'a@x.org' }, false).emailVerified).toBeUndefined();
  });

  it("reads Okta's user id as the subject, not the login", () => {
    const okta = claimMappingOf('okta', {});
    expect(withMappedSubject({ sub: 'ada@example.com', uid: '00u1' }, okta).sub).toBe('00u1');
    // A client-credentials token has no uid: its subject stays the client.
    expect(withMappedSubject({ sub: 'client-1' }, okta).sub).toBe('client-1');
  });
});
