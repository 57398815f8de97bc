import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface ProviderSecrets {
  /** Private signing keys of the provider (RS256). */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

async function freshSecrets(): Promise<ProviderSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return {
    jwks: { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Fixed signing and cookie keys, kept in `DATA_DIR/oidc/keys.json` so a restart keeps sessions and issued
 * tokens valid. Without a data folder (tests) they live for the process only.
 */
export async function loadProviderSecrets(dataDir: string | null): Promise<ProviderSecrets> {
  if (!dataDir) return freshSecrets();
  const file = path.join(dataDir, 'oidc', 'keys.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as ProviderSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = await freshSecrets();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The public half of a private JWK set, for verifying tokens in-process. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
