import { describe, expect, it } from 'vitest';
import { isTaxIdWellFormed, normalizeTaxId, validateBilling } from './billing.js';
import { cartEntryKey, cartKeys, type CartEntryLike } from './cart.js';
import { downloadRefusal, type DownloadCaller } from './tools.js';

const anonymous: DownloadCaller = { signedIn: false, admin: false, entitled: false, exportApproved: false };
const customer: DownloadCaller = { ...anonymous, signedIn: true };

describe('downloadRefusal', () => {
  const free = { canDownload: true, public: true, spn: null, exportControlled: false };

  it.each([
    ['a free public version, anonymous', free, anonymous, null],
    ['a version whose downloads are off', { ...free, canDownload: false }, customer, 'disabled'],
    ['a version with no canDownload flag', { ...free, canDownload: null }, customer, 'disabled'],
    ['a version that is not public, anonymous', { ...free, public: false }, anonymous, 'sign-in-required'],
    ['a version that is not public, signed in', { ...free, public: false }, customer, null],
    ['a payable version, anonymous', { ...free, spn: 'SPN-1' }, anonymous, 'sign-in-required'],
    ['a payable version not bought', { ...free, spn: 'SPN-1' }, customer, 'purchase-required'],
    ['a payable version bought', { ...free, spn: 'SPN-1' }, { ...customer, entitled: true }, null],
    ['a blank spn is not payable', { ...free, spn: '  ' }, customer, null],
    [
      'an export-controlled version, anonymous',
      { ...free, exportControlled: true },
      anonymous,
      'sign-in-required',
    ],
    [
      'an export-controlled version without approval',
      { ...free, exportControlled: true },
      customer,
      'export-controlled',
    ],
    [
      'an export-controlled version with approval',
      { ...free, exportControlled: true },
      { ...customer, exportApproved: true },
      null,
    ],
    [
      'payable and export-controlled, not bought',
      { ...free, spn: 'S', exportControlled: true },
      customer,
      'purchase-required',
    ],
    [
      'anything for an admin',
      { ...free, canDownload: false, spn: 'S', exportControlled: true },
      { ...anonymous, admin: true },
      null,
    ],
  ] as const)('%s', (_case, version, caller, expected) => {
    expect(downloadRefusal(version, caller)).toBe(expected);
  });
});

describe('cartKeys', () => {
  const tool = (featureId: string, version: string): CartEntryLike => ({
    type: 'tool',
    item: { featureId },
    package: { version },
  });

  it('gives the same sorted unique keys whatever the order and repetition of the entries', () => {
    const a = tool('a', '1'),
      b = tool('b', '2');
    const bundle: CartEntryLike = { type: 'bundle', item: { uuid: 'B' } };
    expect(cartKeys([b, bundle, a, a])).toEqual(cartKeys([a, b, bundle]));
    expect(cartKeys([a, b])).toEqual([cartEntryKey(a), cartEntryKey(b)].sort());
    expect(cartKeys([])).toEqual([]);
  });
});

describe('billing validation', () => {
  const address = { country: 'DE' };
  const complete = { billingAddress: address, shippingAddress: address, taxId: 'DE123456789' };

  it('is ok with an address, a shipping address and a valid tax ID', () => {
    expect(validateBilling(complete)).toEqual({ status: 'ok', issues: [] });
    expect(validateBilling({ ...complete, billingAddress: { country: 'US' }, taxId: null })).toEqual({
      status: 'ok',
      issues: [],
    });
  });

  it.each([
    [{ ...complete, billingAddress: null, taxId: null }, {}, ['no_address']],
    [{ ...complete, shippingAddress: null }, {}, ['no_shipping_address']],
    [{ ...complete, billingAddress: { country: 'KP' }, taxId: null }, {}, ['country_not_whitelisted']],
    [{ ...complete, taxId: null }, {}, ['tax_id_missing']],
    [{ ...complete, taxId: 'FR123456789' }, {}, ['tax_id_invalid']],
    [complete, { taxIdCheck: 'unverified' as const }, ['tax_id_invalid']],
    [complete, { exportApproved: false }, ['not_export_approved']],
    [complete, { countries: ['AT'] }, ['country_not_whitelisted']],
  ])('is not ok for %j %j', (billing, context, issues) => {
    expect(validateBilling(billing, context)).toEqual({ status: 'not-ok', issues });
  });

  it('is pending while only the tax ID check is outstanding, not ok when more is wrong', () => {
    expect(validateBilling(complete, { taxIdCheck: 'pending' })).toEqual({
      status: 'pending',
      issues: ['pending'],
    });
    expect(validateBilling({ ...complete, shippingAddress: null }, { taxIdCheck: 'pending' })).toEqual({
      status: 'not-ok',
      issues: ['no_shipping_address', 'pending'],
    });
  });

  it('checks tax ID forms: EU VAT IDs with their country prefix (EL for Greece), others 4 to 20 characters', () => {
    expect(isTaxIdWellFormed('DE123456789', 'DE')).toBe(true);
    expect(isTaxIdWellFormed('EL123456789', 'GR')).toBe(true);
    expect(isTaxIdWellFormed('GR123456789', 'GR')).toBe(false);
    expect(isTaxIdWellFormed('DE1', 'DE')).toBe(false);
    expect(isTaxIdWellFormed('123456789', 'US')).toBe(true);
    expect(isTaxIdWellFormed('12', 'US')).toBe(false);
  });

  it('normalises a typed tax ID', () => {
    expect(normalizeTaxId(' de 123.456-789 ')).toBe('DE123456789');
    expect(normalizeTaxId('  ')).toBeNull();
    expect(normalizeTaxId(null)).toBeNull();
  });
});
