import type { TaxIdCheck } from '@portal/resources';

/** Asks a tax ID registry whether a well-formed tax ID exists (VIES for EU VAT IDs, in a real deployment). */
export type TaxIdChecker = (taxId: string, country: string) => Promise<TaxIdCheck>;

/**
 * The embedded check, with test values like a payment provider's test mode (README lists them): a tax ID ending
 * in 111111111 does not exist, one ending in 222222222 stays pending (the registry has not answered), every
 * other well-formed ID exists.
 */
export const embeddedTaxIdChecker: TaxIdChecker = async (taxId) => {
  if (taxId.endsWith('111111111')) return 'unverified';
  if (taxId.endsWith('222222222')) return 'pending';
  return 'verified';
};
