import { describe, expect, it } from 'vitest';
import { messagesFor } from '../validation/test-helpers.js';
import { requestFlowInputSchema, softwareBundleInputSchema } from './bundle.js';

const QUESTIONNAIRE_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';

describe('requestFlowInputSchema', () => {
  it.each([
    ['the cart', { requestFlow: 'cart', questionnaireId: null, requestUrl: null }],
    [
      'the cart with a questionnaire',
      { requestFlow: 'cart-with-questionnaire', questionnaireId: QUESTIONNAIRE_ID, requestUrl: null },
    ],
    [
      'an external page',
      { requestFlow: 'external', questionnaireId: null, requestUrl: 'https://example.com/req' },
    ],
  ])('accepts %s', (_case, flow) => {
    expect(messagesFor(requestFlowInputSchema, flow)).toEqual([]);
  });

  it.each([
    [
      'the cart with a questionnaire but none chosen',
      { requestFlow: 'cart-with-questionnaire', questionnaireId: null, requestUrl: null },
      'Select the questionnaire customers fill in with their request.',
    ],
    [
      'an external page without address',
      { requestFlow: 'external', questionnaireId: null, requestUrl: null },
      'Enter the address of the request page.',
    ],
  ])('refuses %s', (_case, flow, message) => {
    expect(messagesFor(requestFlowInputSchema, flow)).toEqual([message]);
  });
});

describe('softwareBundleInputSchema', () => {
  const bundle = {
    uuid: 'BUNDLE-42',
    name: 'Motor control bundle',
    orderable: true,
    released: false,
    iconUrl: null,
    hardwareNames: [],
    toolFeatureIds: ['tool-a'],
    documentFeatureIds: [],
    questionnaireId: null,
    requestFlow: 'cart',
  };

  it('accepts a bundle', () => {
    expect(messagesFor(softwareBundleInputSchema, bundle)).toEqual([]);
  });

  it('refuses a bundle without UUID and name with the spec messages', () => {
    expect(messagesFor(softwareBundleInputSchema, { ...bundle, uuid: '', name: '' })).toEqual([
      'UUID is required',
      'Name is required',
    ]);
  });
});
