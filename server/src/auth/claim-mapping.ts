import type { JWTPayload } from 'jose';
import { isVerified } from '@portal/resources';

/** The identity providers whose token shapes the portal knows (OIDC_PROVIDER); `generic` is plain OpenID Connect. */
export const OIDC_PROVIDERS = ['generic', 'keycloak', 'auth0', 'entra', 'okta', 'google'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

/** Which claims hold each part of the profile, tried in order; the first present one counts. */
export interface ClaimMapping {
  /** The person's lasting id: the portal links its user to it (with the issuer). */
  subject: readonly string[];
  email: readonly string[];
  givenName: readonly string[];
  familyName: readonly string[];
  /** The full name, split into given and family name when those are missing. */
  name: readonly string[];
}

const STANDARD: ClaimMapping = {
  subject: ['sub'],
  email: ['email'],
  givenName: ['given_name'],
  familyName: ['family_name'],
  name: ['name'],
};

/**
 * The claim names per provider. Entra ID's access tokens carry no `email` unless an optional claim adds it, but
 * always `preferred_username` (v2) or `upn` (v1), the sign-in address, and `name`, not the name parts. An Okta
 * access token names the login (which can change) as `sub` and the user's id as `uid`, which its userinfo calls `sub`.
 */
const PRESETS: Record<OidcProvider, ClaimMapping> = {
  generic: STANDARD,
  keycloak: STANDARD,
  auth0: STANDARD,
  google: STANDARD,
  entra: { ...STANDARD, email: ['email', 'preferred_username', 'upn'] },
  okta: { ...STANDARD, subject: ['uid', 'sub'] },
};

/** The provider's claim names with the comma-separated OIDC_CLAIM_* overrides. */
export function claimMappingOf(
  provider: OidcProvider,
  overrides: { [K in keyof ClaimMapping]?: string | undefined },
): ClaimMapping {
  const preset = PRESETS[provider];
  const pick = (key: keyof ClaimMapping) => overrides[key]?.split(',') ?? preset[key];
  return {
    subject: pick('subject'),
    email: pick('email'),
    givenName: pick('givenName'),
    familyName: pick('familyName'),
    name: pick('name'),
  };
}

/** A verified token's claims with `sub` read through the mapping (unchanged when no mapped claim is present). */
export function withMappedSubject(claims: JWTPayload, mapping: ClaimMapping): JWTPayload {
  const subject = first(claims, mapping.subject);
  return subject === undefined || subject === claims.sub ? claims : { ...claims, sub: subject };
}

/** What the claims say of a person; a part left undefined was not said (the stored value stays). */
export interface ClaimedProfile {
  email?: string;
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function first(
  claims: JWTPayload,
  names: readonly string[],
  accept: (value: string) => boolean = () => true,
) {
  for (const name of names) {
    const value = text(claims[name]);
    if (value !== undefined && accept(value)) return value;
  }
  return undefined;
}

/**
 * A full name as given and family name: "Family, Given" (a directory's display name) or "Given … Family" (the
 * last word is the family name). One word is a given name only.
 */
export function splitName(name: string): { givenName?: string; familyName?: string } {
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return { familyName: comma[1]!.trim(), givenName: comma[2]!.trim() };
  const words = name.split(/\s+/);
  if (words.length === 1) return { givenName: name };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1) };
}

/** The profile that one set of claims (an access token's, or userinfo's) states, read through the mapping. */
export function profileOf(claims: JWTPayload, mapping: ClaimMapping): ClaimedProfile {
  // A sign-in name that is not an address (an Entra guest's, a Keycloak user name) is no email.
  const email = first(claims, mapping.email, (value) => EMAIL.test(value));
  let givenName = first(claims, mapping.givenName);
  let familyName = first(claims, mapping.familyName);
  const name = givenName && familyName ? undefined : first(claims, mapping.name);
  if (name) {
    const split = splitName(name);
    givenName ??= split.givenName;
    familyName ??= split.familyName;
  }
  const profile: ClaimedProfile = { email, givenName, familyName };
  if (claims.email_verified !== undefined && email === text(claims.email)) {
    profile.emailVerified = isVerified(claims.email_verified);
  }
  return profile;
}

/** Whether a token's own claims give the whole profile, so userinfo need not be asked. */
const isCompleteProfile = (profile: ClaimedProfile): boolean =>
  Boolean(profile.email && profile.givenName && profile.familyName && profile.emailVerified !== undefined);

/** The token's claims first, userinfo's for what they lack. */
export function mergeProfiles(token: ClaimedProfile, userinfo: ClaimedProfile | null): ClaimedProfile {
  if (!userinfo) return token;
  const email = token.email ?? userinfo.email;
  return {
    email,
    givenName: token.givenName ?? userinfo.givenName,
    familyName: token.familyName ?? userinfo.familyName,
    // The verification stands for the address it came with.
    emailVerified: email === token.email ? token.emailVerified : userinfo.emailVerified,
  };
}

/**
 * Marks the email verified when the provider does not say and OIDC_TRUST_EMAIL trusts it (every address, or its
 * domain). What the provider says always wins.
 */
export function withTrustedEmail(
  profile: ClaimedProfile,
  trust: boolean | readonly string[],
): ClaimedProfile {
  if (profile.emailVerified !== undefined || !profile.email) return profile;
  const domain = profile.email.slice(profile.email.lastIndexOf('@') + 1).toLowerCase();
  const trusted = trust === true || (Array.isArray(trust) && trust.includes(domain));
  return trusted ? { ...profile, emailVerified: true } : profile;
}

/** Where a token's profile comes from: its own claims, then the provider's userinfo for what they lack. */
export interface ProfileSourceOptions {
  claims: ClaimMapping;
  trustEmail: boolean | readonly string[];
  /** The userinfo answer for a token (cached per token); null when userinfo is not asked. */
  userinfo: ((token: string, claims: JWTPayload) => Promise<JWTPayload | null>) | null;
}

/** The profile a verified token stands for; see `profileOf`, `mergeProfiles` and `withTrustedEmail`. */
export function profileSource(options: ProfileSourceOptions) {
  return async (token: string, claims: JWTPayload): Promise<ClaimedProfile> => {
    const own = profileOf(claims, options.claims);
    const answer = options.userinfo && !isCompleteProfile(own) ? await options.userinfo(token, claims) : null;
    const merged = mergeProfiles(own, answer && profileOf(answer, options.claims));
    return withTrustedEmail(merged, options.trustEmail);
  };
}

export type ProfileSource = ReturnType<typeof profileSource>;
