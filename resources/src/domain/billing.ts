import type { BillingIssue, BillingValidation } from '../entities/cart.js';

/** Member states of the European Union, whose business customers need a VAT ID. */
const EU_COUNTRIES: readonly string[] =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

/**
 * Countries the portal sells to (the spec has a country whitelist without values): the EU and EEA, Switzerland,
 * the United Kingdom and the main export markets. A deployment passes its own list.
 */
const DEFAULT_BILLING_COUNTRIES: readonly string[] = [
  ...EU_COUNTRIES,
  ...['IS', 'LI', 'NO', 'CH', 'GB', 'US', 'CA', 'JP', 'KR', 'TW', 'SG', 'AU', 'NZ'],
];

/** The prefix of an EU VAT ID: the country code, except Greece (EL). */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * Whether a tax ID is well formed for the billing country: an EU VAT ID is the country prefix and 2 to 13
 * letters or digits; elsewhere 4 to 20 letters or digits. Whether it exists is the tax ID check's business.
 */
export function isTaxIdWellFormed(taxId: string, country: string): boolean {
  if (EU_COUNTRIES.includes(country)) {
    return new RegExp(`^${vatPrefix(country)}[A-Z0-9]{2,13}$`).test(taxId);
  }
  return /^[A-Z0-9]{4,20}$/.test(taxId);
}

/** A tax ID as stored and checked: without spaces, dots and hyphens, upper case; null when empty. */
export function normalizeTaxId(taxId: string | null | undefined): string | null {
  return taxId?.replace(/[\s.-]/g, '').toUpperCase() || null;
}

/** The answer of a tax ID registry: it exists, it does not, or the registry has not answered yet. */
export type TaxIdCheck = 'verified' | 'unverified' | 'pending';

export interface BillingLike {
  billingAddress: { country: string } | null;
  shippingAddress: unknown;
  taxId: string | null;
}

export interface BillingContext {
  /** Countries sold to; default {@link DEFAULT_BILLING_COUNTRIES}. */
  countries?: readonly string[];
  /** False when the purchase holds export-controlled items the customer has no export approval for. */
  exportApproved?: boolean;
  /** The registry's answer for the tax ID; default verified. */
  taxIdCheck?: TaxIdCheck;
}

/**
 * The billing validation of spec §4 with the issues of calls §8.4: `not-ok` when anything blocks a purchase,
 * `pending` when only the tax ID check is outstanding, `ok` otherwise.
 */
export function validateBilling(billing: BillingLike, context: BillingContext = {}): BillingValidation {
  const { countries = DEFAULT_BILLING_COUNTRIES, exportApproved = true, taxIdCheck = 'verified' } = context;
  const issues: BillingIssue[] = [];
  const country = billing.billingAddress?.country ?? null;
  if (!country) issues.push('no_address');
  else if (!countries.includes(country)) issues.push('country_not_whitelisted');
  if (!exportApproved) issues.push('not_export_approved');
  if (!billing.shippingAddress) issues.push('no_shipping_address');
  if (!billing.taxId) {
    if (country && EU_COUNTRIES.includes(country)) issues.push('tax_id_missing');
  } else if ((country && !isTaxIdWellFormed(billing.taxId, country)) || taxIdCheck === 'unverified') {
    issues.push('tax_id_invalid');
  } else if (taxIdCheck === 'pending') {
    issues.push('pending');
  }
  const blocking = issues.some((issue) => issue !== 'pending');
  return { status: blocking ? 'not-ok' : issues.length ? 'pending' : 'ok', issues };
}
