const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What an approved position grants (the spec lists license types without values): a purchase a perpetual
 * commercial license, a request a one-year evaluation license.
 */
export const LICENSE_TERMS = {
  purchase: { type: 'commercial', validityMs: null },
  request: { type: 'evaluation', validityMs: 365 * DAY_MS },
} as const;
