import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { QuestionInput } from '@portal/resources';
import type { Database } from './client.js';
import { users } from './schema.js';
import {
  bundleVersions,
  catalogueDocuments,
  metadataKeys,
  questionnaires,
  questions,
  softwareBundles,
  toolFiles,
  toolVersions,
  tools,
} from './schema-catalogue.js';
import {
  billingInformation,
  exportAccessRequests,
  installationKeys,
  installers,
  licenses,
  orderNumbers,
  orderPositions,
  orders,
} from './schema-commerce.js';
import { DEMO_FILE_PREFIX, DEMO_TOOLS, demoFileContent, fileName, sha256 } from './demo-catalogue-tools.js';
import { evaluationQuestions, exportQuestions } from './demo-questionnaires.js';
import { demoToolIcon } from './demo-tool-icons.js';

export { DEMO_FILE_PREFIX, demoFileContent, ensureDemoFiles } from './demo-catalogue-tools.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The demo catalogue: every item type with versions, downloads (bytes written by `ensureDemoFiles`), payable and
 * export-controlled versions, bundles, documents, questionnaires, metadata keys and the demo customer's orders.
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
        // An icon drawn for the demo, stored like an uploaded one (ensureDemoFiles writes its bytes).
        icon: demoToolIcon(index).path,
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
        iconUrl: null,
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
