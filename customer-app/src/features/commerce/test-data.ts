import type { Questionnaire, SoftwareBundle, ToolDetail, ToolVersionDetail } from '@portal/resources';

/** Catalogue records for the commerce tests, shaped as the API answers them. */

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function makeVersion(overrides: Partial<ToolVersionDetail> = {}): ToolVersionDetail {
  return {
    id: uuid(),
    description: null,
    version: '1.0.0',
    versionNumeric: 10000,
    orderable: true,
    downloadUrls: [],
    tags: [],
    protocolLink: null,
    spn: null,
    public: true,
    canDownload: true,
    links: [],
    dependencies: [],
    additionalAttributes: {},
    releaseNotes: null,
    exportControlled: false,
    exportControlClassifications: [],
    price: null,
    downloadRefusal: null,
    ...overrides,
  };
}

export function makeTool(overrides: Partial<ToolDetail> = {}): ToolDetail {
  const version = makeVersion();
  return {
    id: uuid(),
    name: 'NX Flash Programmer',
    icon: null,
    featureId: 'nx-flash-programmer',
    externalUrl: null,
    requestUrl: null,
    isOnlineTool: false,
    isInstallableViaLauncher: true,
    versions: { [version.version]: version },
    isRemoved: false,
    type: 'tool',
    questionnaireId: null,
    description: null,
    licenseText: null,
    latestVersion: version.version,
    installable: true,
    requestable: true,
    requestFlow: 'cart',
    internalOnly: false,
    exportAccess: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeBundle(overrides: Partial<SoftwareBundle> = {}): SoftwareBundle {
  return {
    id: '5b1d7e0a-3c2f-4e8b-9a61-0d4c2b7f8e13',
    uuid: 'BND-MOTOR-STARTER',
    name: 'Motor Control Starter Bundle',
    orderable: true,
    released: true,
    iconUrl: null,
    hardwareNames: [],
    toolFeatureIds: ['nx-flash-programmer'],
    documentFeatureIds: [],
    questionnaireId: null,
    features: [{ featureId: 'nx-flash-programmer', name: 'NX Flash Programmer' }],
    selectedFeatures: [],
    requestFlow: 'cart',
    ...overrides,
  };
}

type QuestionOverrides = Partial<Questionnaire['questions'][number]> &
  Pick<Questionnaire['questions'][number], 'type'>;

export function makeQuestion(overrides: QuestionOverrides): Questionnaire['questions'][number] {
  return {
    id: uuid(),
    title: `Question ${counter}`,
    description: null,
    choices: [],
    dependentQuestions: [],
    optional: false,
    autofillType: 'none',
    ...overrides,
  };
}

export const choices = (...options: string[]) =>
  options.map((option) => ({ option, description: null, group: null }));
