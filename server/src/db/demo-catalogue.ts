import { createHash, randomUUID } from 'node:crypto';
import { inArray, like, sql } from 'drizzle-orm';
import type { Price, QuestionInput } from '@portal/resources';
import type { FileStorage } from '../storage/file-storage.js';
import type { Database } from './client.js';
import { users } from './schema.js';
import {
  billingInformation,
  bundleVersions,
  catalogueDocuments,
  exportAccessRequests,
  installationKeys,
  installers,
  licenses,
  metadataKeys,
  orderNumbers,
  orderPositions,
  orders,
  questionnaires,
  questions,
  softwareBundles,
  toolFiles,
  toolVersions,
  tools,
} from './schema-catalogue.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Demo files live under this storage prefix; their bytes follow from their key, so a restart can rewrite them. */
export const DEMO_FILE_PREFIX = 'demo/';

/** The bytes of a demo file: a few kilobytes of text that name the file, the same for the same key every time. */
export function demoFileContent(storageKey: string): Buffer {
  const line = `Developer Portal demo download ${storageKey.slice(DEMO_FILE_PREFIX.length)}\n`;
  const size = 1024 + (createHash('sha256').update(storageKey).digest()[0]! % 8) * 512;
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes the demo files that are missing from the storage (a fresh folder, or a temporary one in tests). */
export async function ensureDemoFiles(db: Database, storage: FileStorage): Promise<number> {
  const rows = await db
    .select({ key: toolFiles.storageKey })
    .from(toolFiles)
    .where(like(toolFiles.storageKey, `${DEMO_FILE_PREFIX}%`));
  let written = 0;
  for (const { key } of rows) {
    if (await storage.exists(key)) continue;
    await storage.put(key, demoFileContent(key));
    written += 1;
  }
  return written;
}

interface DemoFile {
  os: string;
  architecture: string;
  kind: string;
  extension: string;
}
const WINDOWS: DemoFile = { os: 'windows', architecture: 'x64', kind: 'installer', extension: 'exe' };
const LINUX: DemoFile = { os: 'linux', architecture: 'x64', kind: 'archive', extension: 'tar.gz' };
const MAC: DemoFile = { os: 'macos', architecture: 'arm64', kind: 'installer', extension: 'dmg' };
const ANY: DemoFile = { os: 'any', architecture: 'any', kind: 'archive', extension: 'zip' };

interface DemoVersion {
  version: string;
  numeric?: number;
  description: string;
  tags?: string[];
  spn?: string;
  price?: Price;
  public?: boolean;
  canDownload?: boolean;
  exportControl?: string[];
  orderable?: boolean;
  files?: DemoFile[];
  dependencies?: { targetFeatureId: string; min: number | null; max: number | null }[];
  attributes?: Record<string, string>;
}

interface DemoTool {
  featureId: string;
  name: string;
  type: string;
  description: string;
  online?: boolean;
  launcher?: boolean;
  externalUrl?: string;
  requestFlow?: 'cart' | 'cart-with-questionnaire' | 'external';
  requestUrl?: string;
  questionnaire?: 'export' | 'evaluation';
  license?: string;
  versions: DemoVersion[];
}

const EUR = (euros: number): Price => ({ amountCents: euros * 100, currency: 'EUR' });
const EULA =
  'Developer Portal Software License Agreement. The software is licensed, not sold. You may install and use it for developing and evaluating products with our devices. Redistribution needs our written consent. The software is provided as is, without warranty of any kind.';

const DEMO_TOOLS: DemoTool[] = [
  {
    featureId: 'nx-flash-programmer',
    name: 'NX Flash Programmer',
    type: 'tool',
    description: 'Program and verify the flash memory of NX microcontrollers over SWD, JTAG or UART.',
    launcher: true,
    license: EULA,
    versions: [
      { version: '2.3.0', numeric: 20300, description: 'Adds NX232 support.', files: [WINDOWS, LINUX] },
      {
        version: '2.4.1',
        numeric: 20401,
        description: 'Faster UART boot loader.',
        tags: ['stable'],
        files: [WINDOWS, LINUX, MAC],
      },
      {
        version: '3.0.0',
        numeric: 30000,
        description: 'New command line interface and scripting.',
        tags: ['stable', 'recommended'],
        files: [WINDOWS, LINUX, MAC],
        dependencies: [{ targetFeatureId: 'nx-device-pack', min: 10000, max: null }],
      },
    ],
  },
  {
    featureId: 'secureboot-signer',
    name: 'SecureBoot Signing Tool',
    type: 'tool',
    description: 'Signs and encrypts firmware images for the secure boot of SEC security controllers.',
    launcher: true,
    requestFlow: 'cart-with-questionnaire',
    questionnaire: 'export',
    license: EULA,
    versions: [
      {
        version: '1.2.0',
        numeric: 10200,
        description: 'RSA-3072 and ECDSA P-384.',
        exportControl: ['ECCN 5D002', 'AL 5D002'],
        files: [WINDOWS, LINUX],
      },
      {
        version: '1.3.0',
        numeric: 10300,
        description: 'Hardware security module support.',
        tags: ['stable'],
        exportControl: ['ECCN 5D002', 'AL 5D002'],
        files: [WINDOWS, LINUX],
      },
    ],
  },
  {
    featureId: 'nx-motor-control-lib',
    name: 'NX Motor Control Library',
    type: 'software',
    description: 'Field-oriented control of PMSM and BLDC motors, with sensorless observers and auto tuning.',
    license: EULA,
    versions: [
      { version: '3.2.0', numeric: 30200, description: 'Free edition: FOC for one motor.', files: [ANY] },
      {
        version: '4.0.0',
        numeric: 40000,
        description: 'Professional edition: two motors, field weakening, safety package.',
        tags: ['professional'],
        spn: 'SPN-MCL-400',
        price: EUR(499),
        files: [ANY],
        attributes: { 'Safety standard': 'IEC 60730 class B' },
      },
    ],
  },
  {
    featureId: 'rf-radar-sdk',
    name: 'Radar Signal Processing SDK',
    type: 'software',
    description: 'Range-Doppler processing, tracking and gesture recognition for RF radar front ends.',
    license: EULA,
    versions: [
      {
        version: '1.0.0',
        numeric: 10000,
        description: 'First release with presence detection and tracking.',
        spn: 'SPN-RADAR-100',
        price: EUR(1250),
        exportControl: ['ECCN 3D001'],
        files: [WINDOWS, LINUX],
      },
    ],
  },
  {
    featureId: 'sec-crypto-lib',
    name: 'SEC Crypto Library',
    type: 'software',
    description: 'Certified cryptographic library for SEC security controllers (AES, SHA-2, ECC, RSA).',
    license: EULA,
    versions: [
      {
        version: '5.1.0',
        numeric: 50100,
        description: 'Common Criteria EAL6+ certified build.',
        spn: 'SPN-CRYPTO-510',
        price: EUR(2400),
        exportControl: ['ECCN 5D002'],
        files: [ANY],
      },
    ],
  },
  {
    featureId: 'partner-rtos',
    name: 'Partner RTOS',
    type: 'software_external',
    description:
      'A real-time operating system from our ecosystem partner, with board support for NX devices.',
    externalUrl: 'https://www.example.com/partners/rtos',
    versions: [
      { version: 'external', description: "Always the partner's current release." },
      { version: '10.4', numeric: 100400, description: 'The release last validated with our boards.' },
    ],
  },
  {
    featureId: 'power-designer-online',
    name: 'Online Power Designer',
    type: 'tool_online',
    description: 'Design and simulate PWR power stages in the browser.',
    online: true,
    externalUrl: 'https://www.example.com/tools/power-designer',
    requestFlow: 'external',
    requestUrl: 'https://www.example.com/tools/power-designer/access',
    versions: [
      { version: 'online', description: 'The hosted version.' },
      {
        version: '2024.2',
        numeric: 20240200,
        description: 'Offline snapshot for air-gapped labs.',
        canDownload: false,
      },
    ],
  },
  {
    featureId: 'legacy-flasher',
    name: 'Legacy Flasher',
    type: 'legacy-tool',
    description: 'The flash tool for discontinued NX1 devices. Not maintained.',
    versions: [
      { version: '1.9.4', numeric: 10904, description: 'Last release.', orderable: false, files: [WINDOWS] },
    ],
  },
  {
    featureId: 'nx-device-pack',
    name: 'NX Device Pack',
    type: 'content-pack',
    description: 'Device descriptions, startup code and SVD files of every NX microcontroller.',
    launcher: true,
    versions: [
      { version: '1.0.0', numeric: 10000, description: 'NX100 to NX230.', files: [ANY] },
      {
        version: '1.1.0',
        numeric: 10100,
        description: 'Adds NX232 and NX240.',
        tags: ['stable'],
        files: [ANY],
      },
    ],
  },
  {
    featureId: 'pwr-stage-netlist',
    name: 'PWR Stage Reference Netlist',
    type: 'netlist',
    description: 'Reference netlists of the PWR half-bridge power stages for your schematic tool.',
    versions: [{ version: 'B', description: 'Revision B.', files: [ANY] }],
  },
  {
    featureId: 'sensor-fusion-studio',
    name: 'Sensor Fusion Studio',
    type: 'tool',
    description: 'Tune and visualise sensor fusion on SNS sensor boards.',
    launcher: true,
    requestFlow: 'cart-with-questionnaire',
    questionnaire: 'evaluation',
    versions: [
      { version: '0.9.0', numeric: 900, description: 'Public preview.', files: [WINDOWS] },
      {
        version: '1.0.0-beta',
        numeric: 9999,
        description: 'Beta for registered users.',
        public: false,
        files: [WINDOWS],
      },
    ],
  },
  {
    featureId: 'serial-terminal',
    name: 'Serial Terminal',
    type: 'tool',
    description: 'A terminal for the UART consoles of our evaluation boards.',
    requestFlow: 'external',
    requestUrl: 'https://www.example.com/tools/serial-terminal',
    versions: [{ version: '4.2', numeric: 40200, description: 'Current release.', files: [WINDOWS, MAC] }],
  },
];

const choice = (option: string, group: string | null = null, description: string | null = null) => ({
  option,
  group,
  description,
});

/** The export declaration questionnaire: every question type, choice groups, a dependent question, autofill. */
function exportQuestions(): QuestionInput[] {
  const research = randomUUID();
  const base = {
    description: null,
    choices: [],
    dependentQuestions: [],
    optional: false,
    autofillType: 'none' as const,
  };
  return [
    {
      ...base,
      id: randomUUID(),
      type: 'info',
      title: 'This software is subject to export control. Please tell us how you will use it.',
    },
    { ...base, id: randomUUID(), type: 'free-text', title: 'Company', autofillType: 'company' },
    { ...base, id: randomUUID(), type: 'free-text', title: 'Country of end use', autofillType: 'country' },
    {
      ...base,
      id: randomUUID(),
      type: 'single-select',
      title: 'Intended use',
      choices: [
        choice('Automotive', 'Civil'),
        choice('Industrial', 'Civil'),
        choice('Consumer', 'Civil'),
        choice('University research', 'Research', 'Teaching and publicly funded research'),
      ],
      dependentQuestions: [{ questionId: research, whenOption: 'University research' }],
    },
    { ...base, id: research, type: 'free-text', title: 'Describe the research project' },
    {
      ...base,
      id: randomUUID(),
      type: 'multi-select',
      title: 'Target markets',
      choices: [choice('Europe'), choice('North America'), choice('Asia'), choice('Other')],
    },
    {
      ...base,
      id: randomUUID(),
      type: 'drop-down',
      title: 'Annual volume',
      choices: [choice('Below 10k'), choice('10k to 100k'), choice('Above 100k')],
    },
    { ...base, id: randomUUID(), type: 'datepicker', title: 'Planned start of production', optional: true },
    {
      ...base,
      id: randomUUID(),
      type: 'agreement',
      title: 'I confirm that the software will not be used for military end uses.',
    },
  ];
}

function evaluationQuestions(): QuestionInput[] {
  const details = randomUUID();
  const base = {
    description: null,
    choices: [],
    dependentQuestions: [],
    optional: false,
    autofillType: 'none' as const,
  };
  return [
    { ...base, id: randomUUID(), type: 'free-text', title: 'What will you build?' },
    {
      ...base,
      id: randomUUID(),
      type: 'single-select',
      title: 'Project stage',
      choices: [choice('Evaluation'), choice('Development'), choice('Production')],
      dependentQuestions: [{ questionId: details, whenOption: 'Production' }],
    },
    { ...base, id: details, type: 'free-text', title: 'Expected production date and volume', optional: true },
    { ...base, id: randomUUID(), type: 'free-text', title: 'First name', autofillType: 'firstname' },
    { ...base, id: randomUUID(), type: 'free-text', title: 'Last name', autofillType: 'lastname' },
  ];
}

const fileName = (featureId: string, version: string, file: DemoFile) =>
  `${featureId}-${version}-${file.os}-${file.architecture}.${file.extension}`;

/**
 * The demo catalogue: tools of every item type with versions and downloads (small files whose SHA-256 is stored;
 * `ensureDemoFiles` writes their bytes to the file storage), payable versions with a serial product number,
 * export-controlled versions, bundles with versions, documents, questionnaires, metadata keys, and some order
 * history for the demo customer.
 */
export async function seedDemoCatalogue(tx: Transaction): Promise<void> {
  const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day, 9, 0, 0));
  const [exportForm, evaluationForm] = await tx
    .insert(questionnaires)
    .values([
      { name: 'Export control declaration', createdAt: at(1), updatedAt: at(1) },
      { name: 'Evaluation request', createdAt: at(2), updatedAt: at(2) },
    ])
    .returning({ id: questionnaires.id });
  const questionRows = (questionnaireId: string, all: QuestionInput[]) =>
    all.map((question, position) => ({
      ...question,
      id: question.id!,
      questionnaireId,
      position,
    }));
  await tx
    .insert(questions)
    .values([
      ...questionRows(exportForm!.id, exportQuestions()),
      ...questionRows(evaluationForm!.id, evaluationQuestions()),
    ]);

  const toolIds = new Map<string, string>();
  for (const [index, demo] of DEMO_TOOLS.entries()) {
    const [tool] = await tx
      .insert(tools)
      .values({
        featureId: demo.featureId,
        name: demo.name,
        type: demo.type,
        icon: `icons/${demo.featureId}.svg`,
        description: demo.description,
        externalUrl: demo.externalUrl ?? null,
        requestFlow: demo.requestFlow ?? 'cart',
        requestUrl: demo.requestUrl ?? null,
        isOnlineTool: demo.online ?? false,
        isInstallableViaLauncher: demo.launcher ?? false,
        questionnaireId:
          demo.questionnaire === 'export'
            ? exportForm!.id
            : demo.questionnaire === 'evaluation'
              ? evaluationForm!.id
              : null,
        licenseText: demo.license ?? null,
        createdAt: at(10 + index),
        updatedAt: at(40 + index),
      })
      .returning({ id: tools.id });
    toolIds.set(demo.featureId, tool!.id);
    for (const [position, version] of demo.versions.entries()) {
      const [row] = await tx
        .insert(toolVersions)
        .values({
          toolId: tool!.id,
          version: version.version,
          versionNumeric: version.numeric ?? null,
          description: version.description,
          orderable: version.orderable ?? true,
          tags: version.tags ?? [],
          protocolLink: `https://www.example.com/tools/${demo.featureId}/${version.version}/changes`,
          spn: version.spn ?? null,
          price: version.price ?? null,
          public: version.public ?? true,
          canDownload: version.canDownload ?? true,
          releaseNotes: `## ${demo.name} ${version.version}\n\n${version.description}`,
          exportControlled: !!version.exportControl?.length,
          exportControlClassifications: version.exportControl ?? [],
          links: [
            {
              uuid: randomUUID(),
              title: 'Documentation',
              url: `https://www.example.com/docs/${demo.featureId}/${version.version}`,
            },
          ],
          dependencies: (version.dependencies ?? []).map((dependency) => ({
            uuid: randomUUID(),
            targetFeatureId: dependency.targetFeatureId,
            minVersionNumeric: dependency.min,
            maxVersionNumeric: dependency.max,
          })),
          additionalAttributes: version.attributes ?? {},
          createdAt: at(20 + index * 3 + position),
          updatedAt: at(20 + index * 3 + position),
        })
        .returning({ id: toolVersions.id });
      const files = (version.files ?? []).map((file) => {
        const name = fileName(demo.featureId, version.version, file);
        const storageKey = `${DEMO_FILE_PREFIX}${demo.featureId}/${version.version}/${name}`;
        const bytes = demoFileContent(storageKey);
        return {
          versionId: row!.id,
          fileName: name,
          os: file.os,
          architecture: file.architecture,
          kind: file.kind,
          filetype: file.extension,
          filesize: bytes.length,
          sha256: sha256(bytes),
          storageKey,
        };
      });
      if (files.length) await tx.insert(toolFiles).values(files);
    }
  }

  const bundles = await tx
    .insert(softwareBundles)
    .values([
      {
        uuid: 'BND-MOTOR-STARTER',
        name: 'Motor Control Starter Bundle',
        released: true,
        iconUrl: 'https://www.example.com/icons/motor-bundle.svg',
        hardwareNames: ['NX240 Evaluation Kit', 'PWR Stage Shield'],
        toolFeatureIds: ['nx-flash-programmer', 'nx-motor-control-lib', 'nx-device-pack'],
        documentFeatureIds: ['doc-nx240-datasheet'],
        selectedFeatures: ['nx-flash-programmer', 'nx-device-pack'],
        createdAt: at(60),
        updatedAt: at(61),
      },
      {
        uuid: 'BND-SECURE-ELEMENT',
        name: 'Secure Element Development Bundle',
        released: true,
        hardwareNames: ['SEC Security Controller Kit'],
        toolFeatureIds: ['secureboot-signer', 'sec-crypto-lib'],
        documentFeatureIds: ['doc-sec-security-manual'],
        questionnaireId: exportForm!.id,
        requestFlow: 'cart-with-questionnaire',
        createdAt: at(62),
        updatedAt: at(63),
      },
      {
        uuid: 'BND-RADAR-EVAL',
        name: 'Radar Evaluation Bundle',
        released: false,
        hardwareNames: ['RF Radar Front End Kit'],
        toolFeatureIds: ['rf-radar-sdk', 'sensor-fusion-studio'],
        createdAt: at(64),
        updatedAt: at(64),
      },
    ])
    .returning({ id: softwareBundles.id, uuid: softwareBundles.uuid });
  const motor = bundles.find((bundle) => bundle.uuid === 'BND-MOTOR-STARTER')!;
  await tx.insert(bundleVersions).values([
    {
      bundleId: motor.id,
      version: '2024.1',
      description: 'First bundle release.',
      released: true,
      toolVersions: [
        { featureId: 'nx-flash-programmer', version: '2.4.1' },
        { featureId: 'nx-motor-control-lib', version: '3.2.0' },
        { featureId: 'nx-device-pack', version: '1.0.0' },
      ],
      createdAt: at(60),
    },
    {
      bundleId: motor.id,
      version: '2025.1',
      description: 'Flash Programmer 3 and the NX232 device pack.',
      released: true,
      toolVersions: [
        { featureId: 'nx-flash-programmer', version: '3.0.0' },
        { featureId: 'nx-motor-control-lib', version: '3.2.0' },
        { featureId: 'nx-device-pack', version: '1.1.0' },
      ],
      createdAt: at(61),
    },
  ]);

  await tx.insert(catalogueDocuments).values([
    {
      featureId: 'doc-nx240-datasheet',
      title: 'NX240 Datasheet',
      type: 'datasheet',
      filename: 'nx240-datasheet.pdf',
      description: 'Electrical characteristics, pinout and package of the NX240 microcontroller.',
      url: 'https://www.example.com/docs/nx240-datasheet.pdf',
      createdAt: at(70),
      updatedAt: at(70),
    },
    {
      featureId: 'doc-flash-programmer-manual',
      title: 'NX Flash Programmer User Manual',
      type: 'user manual',
      filename: 'nx-flash-programmer-manual.pdf',
      description: 'Installation, connection and scripting of the NX Flash Programmer.',
      url: 'https://www.example.com/docs/nx-flash-programmer-manual.pdf',
      createdAt: at(71),
      updatedAt: at(71),
    },
    {
      featureId: 'doc-pwr-application-note',
      title: 'PWR Half-Bridge Application Note',
      type: 'application note',
      filename: 'pwr-half-bridge-an.pdf',
      description: 'Layout and thermal design of PWR half-bridge power stages.',
      url: 'https://www.example.com/docs/pwr-half-bridge-an.pdf',
      createdAt: at(72),
      updatedAt: at(72),
    },
    {
      featureId: 'doc-sec-security-manual',
      title: 'SEC Security Manual',
      type: 'security manual',
      filename: 'sec-security-manual.pdf',
      description: 'Secure boot, key provisioning and countermeasures of SEC security controllers.',
      url: 'https://www.example.com/docs/sec-security-manual.pdf',
      public: false,
      createdAt: at(73),
      updatedAt: at(73),
    },
    {
      featureId: 'doc-radar-getting-started',
      title: 'Radar Getting Started Guide',
      type: 'getting started',
      filename: 'radar-getting-started.pdf',
      description: 'From unboxing the RF radar kit to the first range-Doppler map.',
      url: 'https://www.example.com/docs/radar-getting-started.pdf',
      createdAt: at(74),
      updatedAt: at(74),
    },
  ]);

  await tx.insert(metadataKeys).values([
    { key: 'deviceId', label: 'Device ID' },
    { key: 'firmwareVersion', label: 'Firmware version' },
    { key: 'keyVersion', label: 'Key version' },
  ]);

  await seedDemoHistory(tx, toolIds);
}

/** Some history for the demo customer: an approved request with its license and installer, one in progress. */
async function seedDemoHistory(tx: Transaction, toolIds: Map<string, string>) {
  // Recent history, relative to when the demo database is filled, so licenses are current.
  const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['customer@portal.test', 'promoted@portal.test', 'admin@portal.test']));
  const id = (email: string) => people.find((person) => person.email === email)?.id;
  const customer = id('customer@portal.test');
  const promoted = id('promoted@portal.test');
  const admin = id('admin@portal.test');
  if (!customer || !promoted || !admin) return;

  await tx.insert(billingInformation).values({
    userId: customer,
    companyName: 'Acme Devices GmbH',
    billingAddress: { street: 'Hauptstrasse 1', postalCode: '80331', city: 'Munich', country: 'DE' },
    shippingAddress: { street: 'Hauptstrasse 1', postalCode: '80331', city: 'Munich', country: 'DE' },
    taxId: 'DE123456789',
    updatedAt: ago(60),
  });
  await tx.insert(exportAccessRequests).values([
    {
      userId: promoted,
      toolId: toolIds.get('secureboot-signer')!,
      status: 'granted',
      reason: 'Secure boot of our industrial gateway.',
      comment: 'Approved for civil industrial use.',
      decidedBy: admin,
      decidedAt: ago(57),
      createdAt: ago(58),
    },
    {
      userId: customer,
      toolId: toolIds.get('rf-radar-sdk')!,
      status: 'pending',
      reason: 'Presence detection in building automation.',
      createdAt: ago(20),
    },
  ]);

  const nextNumber = async () => {
    const result = (await tx.execute(
      sql`select nextval(${sql.raw(`'${orderNumbers.seqName}'`)}) as n`,
    )) as unknown as {
      rows: { n: string | number }[];
    };
    return `PO-${String(result.rows[0]!.n)}`;
  };
  const [done] = await tx
    .insert(orders)
    .values({
      number: await nextNumber(),
      userId: customer,
      kind: 'request',
      status: 'done',
      requestedAt: ago(45),
      updatedAt: ago(44),
    })
    .returning({ id: orders.id });
  const [approved] = await tx
    .insert(orderPositions)
    .values({
      orderId: done!.id,
      position: 0,
      entryType: 'tool',
      featureId: 'nx-flash-programmer',
      version: '3.0.0',
      name: 'NX Flash Programmer',
      status: 'approved',
      decidedBy: admin,
      decidedAt: ago(44),
    })
    .returning({ id: orderPositions.id });
  await tx.insert(licenses).values({
    userId: customer,
    orderPositionId: approved!.id,
    product: 'NX Flash Programmer 3.0.0',
    featureId: 'nx-flash-programmer',
    version: '3.0.0',
    type: 'evaluation',
    grantedAt: ago(44),
    expiration: new Date(ago(44).getTime() + 365 * 24 * 60 * 60 * 1000),
  });
  const [installer] = await tx
    .insert(installers)
    .values({ userId: customer, toolId: toolIds.get('nx-flash-programmer')!, createdAt: ago(44) })
    .returning({ id: installers.id });
  await tx.insert(installationKeys).values([
    { installerId: installer!.id, key: 'DEMO1-FLASH-PROGR-AMMER', createdAt: ago(44) },
    { installerId: installer!.id, key: 'DEMO2-FLASH-PROGR-AMMER', createdAt: ago(10) },
  ]);

  const [pending] = await tx
    .insert(orders)
    .values({
      number: await nextNumber(),
      userId: customer,
      kind: 'request',
      status: 'in-progress',
      requestedAt: ago(5),
      updatedAt: ago(5),
    })
    .returning({ id: orders.id });
  await tx.insert(orderPositions).values({
    orderId: pending!.id,
    position: 0,
    entryType: 'tool',
    featureId: 'sensor-fusion-studio',
    version: '0.9.0',
    name: 'Sensor Fusion Studio',
  });
}
