import { describe, expect, it } from 'vitest';
import { messagesFor } from '../validation/test-helpers.js';
import { bundleVersionInputSchema, customBundleInputSchema } from './bundle.js';
import { billingInformationInputSchema, checkoutEntryInputSchema, checkoutInputSchema } from './cart.js';
import { orderPositionDecisionSchema } from './order.js';
import {
  exportAccessDecisionSchema,
  featureIdSchema,
  tagSchema,
  toolInputSchema,
  toolVersionInputSchema,
  versionLabelSchema,
} from './tool.js';

const version = {
  version: '1.0.0',
  versionNumeric: 10000,
  description: null,
  orderable: true,
  tags: [],
  protocolLink: null,
  spn: null,
  price: null,
  public: true,
  canDownload: true,
  releaseNotes: null,
  exportControlled: false,
  exportControlClassifications: [],
  links: [],
  dependencies: [],
  additionalAttributes: {},
};

describe('catalogue inputs', () => {
  it('feature IDs, version labels and tags are URL-safe', () => {
    expect(messagesFor(featureIdSchema, 'nx-flash_programmer.2')).toEqual([]);
    expect(messagesFor(featureIdSchema, '-lead')).toHaveLength(1);
    expect(messagesFor(featureIdSchema, 'a b')).toHaveLength(1);
    expect(messagesFor(versionLabelSchema, '1.0.0-beta+1')).toEqual([]);
    expect(messagesFor(versionLabelSchema, '1/0')).toHaveLength(1);
    expect(messagesFor(tagSchema, 'LTS 2025')).toEqual([]);
    expect(messagesFor(tagSchema, 'x'.repeat(51))).toEqual(['A tag may have at most 50 characters.']);
  });

  it('a tool is not a document', () => {
    const tool = {
      name: 'T',
      featureId: 't',
      type: 'document',
      icon: null,
      description: null,
      externalUrl: null,
      isOnlineTool: false,
      isInstallableViaLauncher: false,
      licenseText: null,
    };
    expect(messagesFor(toolInputSchema, tool)).toHaveLength(1);
    expect(messagesFor(toolInputSchema, { ...tool, type: 'content-pack' })).toEqual([]);
  });

  it('a payable version needs a price; dependency bounds must not cross', () => {
    expect(messagesFor(toolVersionInputSchema, version)).toEqual([]);
    expect(messagesFor(toolVersionInputSchema, { ...version, spn: 'SPN-1' })).toEqual([
      'A version with a serial product number is payable and needs a price.',
    ]);
    expect(
      messagesFor(toolVersionInputSchema, {
        ...version,
        spn: 'SPN-1',
        price: { amountCents: 100, currency: 'EUR' },
      }),
    ).toEqual([]);
    expect(
      messagesFor(toolVersionInputSchema, {
        ...version,
        dependencies: [{ targetFeatureId: 'x', minVersionNumeric: 2, maxVersionNumeric: 1 }],
      }),
    ).toEqual(['The highest version must not be lower than the lowest.']);
    expect(
      messagesFor(toolVersionInputSchema, { ...version, price: { amountCents: 1, currency: 'eur' } }),
    ).toHaveLength(1);
  });

  it('checkout reads only what identifies an entry from the browser’s cart entries', () => {
    const parsed = checkoutEntryInputSchema.parse({
      type: 'tool',
      item: { featureId: 'tool-a', name: 'A', versions: {} },
      package: { version: '1.0', spn: 'FAKE', price: 1 },
    });
    expect(parsed).toEqual({ type: 'tool', item: { featureId: 'tool-a' }, package: { version: '1.0' } });
    expect(messagesFor(checkoutInputSchema, { entries: [] })).toEqual(['The cart is empty.']);
    expect(checkoutInputSchema.parse({ entries: [{ type: 'bundle', item: { uuid: 'B' } }] }).answers).toEqual(
      {},
    );
  });

  it('a custom bundle has a name and at least one tool; a bundle version pins valid versions', () => {
    expect(messagesFor(customBundleInputSchema, { name: 'Kit', toolFeatureIds: [] })).toEqual([
      'Choose at least one tool.',
    ]);
    expect(messagesFor(customBundleInputSchema, { name: '', toolFeatureIds: ['a'] })).toEqual([
      'Name is required',
    ]);
    expect(
      messagesFor(bundleVersionInputSchema, {
        version: '2025.1',
        description: null,
        released: true,
        toolVersions: [{ featureId: 'a', version: '1.0' }],
      }),
    ).toEqual([]);
  });

  it('a refusal or rejection says why', () => {
    expect(messagesFor(exportAccessDecisionSchema, { status: 'refused' })).toEqual([
      'Say why the request is refused.',
    ]);
    expect(messagesFor(exportAccessDecisionSchema, { status: 'granted' })).toEqual([]);
    expect(messagesFor(orderPositionDecisionSchema, { status: 'rejected', comment: ' ' })).toEqual([
      'Say why the position is rejected.',
    ]);
    expect(messagesFor(orderPositionDecisionSchema, { status: 'approved' })).toEqual([]);
  });

  it('billing information has complete addresses with ISO country codes', () => {
    const address = { street: 'A 1', postalCode: '1010', city: 'Vienna', country: 'AT' };
    const info = { companyName: null, billingAddress: address, shippingAddress: null, taxId: null };
    expect(messagesFor(billingInformationInputSchema, info)).toEqual([]);
    expect(
      messagesFor(billingInformationInputSchema, {
        ...info,
        billingAddress: { ...address, country: 'Austria' },
      }),
    ).toEqual(['Choose a country by its two-letter code, such as DE.']);
  });
});
