import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as entities from './index.js';

const ID = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
const AT = '2025-03-31T12:00:00.000Z';

const member = { id: ID, username: 'ada', email: 'ada@example.com', roles: ['owner'] };
const board = {
  id: ID,
  ispnId: null,
  ispn: 'SP001234',
  name: 'XMC4700 Relax Kit',
  description: null,
  type: 'kit',
  source: 'BSG',
  version: null,
  productPageUrl: null,
  image: null,
  serialnumberRequired: true,
  releasedForRegistration: true,
  restrictedAccess: false,
  secure: false,
  showInRegistrationPage: true,
  productType: 'board',
  createdAt: AT,
  updatedAt: AT,
};
const document = {
  id: ID,
  title: 'Board manual',
  type: 'manual',
  filename: 'board-manual.pdf',
  url: 'https://example.com/board-manual.pdf',
  source: 'sami',
  exclusive: false,
};
const toolVersion = {
  id: ID,
  description: null,
  version: '1.2.0',
  versionNumeric: 10200,
  orderable: true,
  downloadUrls: [
    {
      uuid: ID,
      url: 'https://example.com/setup.exe',
      os: 'windows',
      architecture: 'x64',
      kind: 'installer',
      filetype: 'exe',
      filesize: 1024,
    },
  ],
  tags: ['stable'],
  protocolLink: null,
  spn: 'SPN-1',
  public: true,
  canDownload: true,
  links: [{ uuid: ID, title: 'Release notes', url: 'https://example.com/notes' }],
  dependencies: [{ uuid: ID, targetFeatureId: 'compiler', minVersionNumeric: 1, maxVersionNumeric: null }],
  additionalAttributes: { licence: 'EULA' },
};
const tool = {
  id: ID,
  name: 'Toolchain',
  icon: 'icons/toolchain.svg',
  featureId: 'toolchain',
  externalUrl: null,
  requestUrl: null,
  isOnlineTool: false,
  isInstallableViaLauncher: true,
  versions: { '1.2.0': toolVersion },
  isRemoved: false,
  type: 'tool',
  questionnaireId: null,
};
const bundle = {
  id: ID,
  uuid: 'BUNDLE-42',
  name: 'Bundle',
  orderable: true,
  released: true,
  iconUrl: null,
  hardwareNames: ['XMC4700'],
  toolFeatureIds: ['toolchain'],
  documentFeatureIds: [],
  questionnaireId: null,
  features: [{ featureId: 'toolchain', name: 'Toolchain' }],
  selectedFeatures: ['toolchain'],
  requestFlow: 'cart',
};
const customBundle = {
  uuid: 'custom-1',
  name: 'My bundle',
  tools: [tool],
  toolFeatureIds: ['toolchain'],
  featureQuestionsMap: { toolchain: [ID] },
  toolQuestionnaires: { toolchain: ID },
};
const xmlEntry = { type: 'metadata', xpath: '//device/@id', metadataKey: 'deviceId', errorMessage: null };
const dipStep = {
  id: ID,
  stepNumber: 1,
  title: 'Legacy sales code',
  description: null,
  resolverRoles: ['project-owner'],
  completer: 'csa',
  completionType: 'sales-code-input',
  confirmationRequired: false,
  csaReset: true,
  secure: false,
  childProject: null,
};
const asset = {
  id: ID,
  filename: 'keys.asc',
  uploadedBy: 'ada@example.com',
  uploadedToStep: 2,
  uploadedAt: AT,
  malwareDetected: false,
};
const invitation = {
  id: ID,
  link: `https://portal.example.com/invitation/${ID}`,
  expiresAt: AT,
  status: 'active',
};
const question = {
  id: ID,
  type: 'single-select',
  title: 'Volume?',
  description: null,
  choices: [{ option: 'Low', description: null, group: 'Volume' }],
  dependentQuestions: [{ questionId: ID, whenOption: 'Low' }],
  optional: false,
  autofillType: 'company',
};
const companySpaceUser = { id: ID, username: 'ada', email: 'ada@example.com' };

/** One record of each entity as the API answers it. */
const records: [string, z.ZodType, unknown][] = [
  [
    'user',
    entities.userSchema,
    {
      ...member,
      givenName: null,
      familyName: 'Lovelace',
      company: null,
      country: null,
      emailVerified: true,
      roles: [{ name: 'Admin' }],
    },
  ],
  ['profile claims', entities.profileClaimsSchema, { given_name: 'Ada', email_verified: 'true' }],
  [
    'user role entry',
    entities.userRoleEntrySchema,
    { email: 'ada@example.com', roles: ['Admin', 'Support'] },
  ],
  ['tool', entities.toolSchema, tool],
  ['software bundle', entities.softwareBundleSchema, bundle],
  ['custom bundle', entities.customBundleSchema, customBundle],
  ['tool cart entry', entities.cartEntrySchema, { type: 'tool', item: tool, package: toolVersion }],
  ['bundle cart entry', entities.cartEntrySchema, { type: 'bundle', item: bundle }],
  ['custom bundle cart entry', entities.cartEntrySchema, { type: 'custom-bundle', customBundle }],
  ['board', entities.boardSchema, board],
  [
    'board detail',
    entities.boardDetailSchema,
    {
      ...board,
      features: ['ARM Cortex-M4'],
      benefits: [],
      serialnumber: null,
      publicKey: null,
      primaryDocument: document,
      documents: [document],
      gettingStarted: [{ id: ID, title: 'Install', description: null, order: 0, dipStepNumber: null }],
      partners: [
        { id: ID, name: 'Acme', linkUrl: 'https://acme.example.com', logoUrl: null, assignedCount: 3 },
      ],
      links: [{ id: ID, title: 'Forum', url: 'https://example.com/forum', order: 0 }],
      supportLink: 'mailto:support@example.com',
      secureConfig: {
        acceptedFileTypes: ['.xml', '.asc'],
        dipAsset: { validators: [xmlEntry], delete: ['before_resolve'] },
      },
    },
  ],
  ['restriction entry', entities.restrictionEntrySchema, { userId: ID, email: 'ada@example.com' }],
  ['serial number', entities.serialNumberSchema, { value: 'SN0001', multiRegistration: false }],
  [
    'project',
    entities.projectSchema,
    {
      id: ID,
      uuid: ID,
      name: 'Motor control',
      description: null,
      members: [member],
      board,
      assets: [asset],
      invitation,
      secure: false,
      createdAt: AT,
      updatedAt: AT,
      status: 'cancellation-requested',
      dipStatus: 'assigned-to-provider',
      salesCode: null,
      shortRomCode: 'AB12',
      ownerCompany: 'Acme',
      group: null,
      solution: null,
      variant: null,
      product: null,
      developmentCode: null,
      companyName: null,
      owner: member,
      substitute: null,
      fae: null,
    },
  ],
  [
    'company space',
    entities.companySpaceSchema,
    { uuid: ID, name: 'Acme', members: [companySpaceUser], faes: [] },
  ],
  ['questionnaire', entities.questionnaireSchema, { id: ID, name: 'Export control', questions: [question] }],
  ['existing sales code DIP step', entities.dipStepSchema, dipStep],
  ['follow-up', entities.followUpSchema, { nextBoardId: ID, nextOwnerEmail: null }],
  ['metadata key', entities.metadataKeySchema, { key: 'deviceId', label: 'Device ID' }],
  [
    'service account',
    entities.serviceAccountSchema,
    { id: ID, clientId: 'ci-bot', userEmail: 'ci@example.com', defaultRoles: ['MFA User', 'Promoted User'] },
  ],
  ['invitation', entities.invitationSchema, invitation],
  [
    'license',
    entities.licenseSchema,
    {
      id: ID,
      grantedAt: AT,
      product: 'Toolchain Pro',
      expiration: null,
      type: 'node-locked',
      status: 'perpetual',
      comments: null,
    },
  ],
  [
    'installer',
    entities.installerSchema,
    { id: ID, installationKeys: [{ key: 'K-1', createdAt: AT }], latestKey: { key: 'K-1', createdAt: AT } },
  ],
  [
    'order',
    entities.orderSchema,
    {
      number: 'O-1001',
      requestedAt: AT,
      status: 'payment-missing',
      featureIds: ['toolchain'],
      paid: false,
      paymentMethod: null,
      positions: [{ featureId: 'toolchain', status: 'approved', comment: null }],
    },
  ],
  ['asset', entities.assetSchema, asset],
  [
    'eSIM profile',
    entities.eSimProfileSchema,
    {
      activationCode: 'LPA:1$x',
      qrCode: 'LPA:1$x',
      iccid: '8949',
      profileName: 'IoT',
      serviceProviderName: 'Carrier',
    },
  ],
  ['maintenance info', entities.maintenanceInfoSchema, { text: 'Down at 18:00', show: true }],
  [
    'notification',
    entities.notificationEntrySchema,
    { title: 'Saved', message: 'Done', type: 'success', duration: 3000 },
  ],
  ['list range', entities.listRangeSchema, { offset: 25, limit: 25, total: 123 }],
];

describe('entity records', () => {
  it.each(records)('a %s reads', (_name, schema, record) => {
    expect(schema.safeParse(record).error?.issues ?? []).toEqual([]);
  });

  it('gives a notification the default duration of 5000 ms', () => {
    expect(
      entities.notificationEntrySchema.parse({ title: 'Error', message: 'Failed', type: 'error' }).duration,
    ).toBe(5000);
  });

  it('refuses a notification type outside success, locked and error', () => {
    expect(
      entities.notificationEntrySchema.safeParse({ title: 'x', message: 'y', type: 'warning' }).success,
    ).toBe(false);
  });

  it('keeps the board record to the scalar columns the boards API answers', () => {
    expect(Object.keys(entities.boardSchema.shape)).toEqual(Object.keys(board));
  });
});

describe('JSON Schema contract', () => {
  const schemas = Object.entries(entities as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  );

  // An upload's bytes travel as application/octet-stream, not JSON: no JSON Schema describes them.
  const notJson = new Set(['fileBytesSchema']);

  it.each(schemas.filter(([name]) => !notJson.has(name)))('%s converts to JSON Schema', (_name, schema) => {
    expect(() => z.toJSONSchema(schema)).not.toThrow();
  });

  it('leaves out only the byte schemas, which JSON Schema cannot describe', () => {
    for (const name of notJson) {
      expect(() => z.toJSONSchema(entities[name as keyof typeof entities] as z.ZodType)).toThrow();
    }
  });
});
