import { CliError } from './errors.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The client secret and the token only travel over https (plain http to this machine is fine for a local
 * portal), so nobody on the way reads them. Throws naming `what` otherwise; answers the parsed address.
 */
export function secureUrl(address: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new CliError(`${what} is not a URL: ${address}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new CliError(`${what} must use https (plain http only for localhost): ${address}`);
  }
  return url;
}

/** Refuses an address outside `origin`'s site: what the unauthenticated config names may not send secrets away. */
export function sameOrigin(address: URL, origin: URL, what: string): void {
  if (address.origin !== origin.origin) {
    throw new CliError(
      `${what} ${address.href} is not on ${origin.origin}; refusing to send credentials there.`,
    );
  }
}
