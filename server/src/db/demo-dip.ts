import { eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_ACCEPTED_FILE_TYPES,
  type DipCompletionType,
  type DipResolverRole,
  MAX_UPLOAD_FILE_SIZE_BYTES,
  sizeLimitText,
} from '@portal/resources';
import type { Database } from './client.js';
import { boards } from './schema.js';
import { gettingStartedItems } from './schema-boards.js';
import { dipFollowUps, dipSteps, secureWorkflowConfigs, xmlValidationEntries } from './schema-dip.js';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

interface DemoStep {
  title: string;
  description: string;
  completionType: DipCompletionType | null;
  resolverRoles: DipResolverRole[];
  completer?: DipResolverRole | null;
  confirmationRequired?: boolean;
  csaReset?: boolean;
  gettingStarted?: { title: string; description: string }[];
}

/** The non-secure demo board with a design-in process; its serial numbers are NX114SN0001 … NX114SN0005. */
export const DEMO_DIP_BOARD = 'NX114_Starter_Kit';
/** Where NX114 projects continue after their design-in process (same owner). */
const DEMO_DIP_NEXT_BOARD = 'NX121_Shield';
/** The secure demo board with the secure workflow; SEC282SN0001 … SEC282SN0005, for a promoted user with MFA. */
export const DEMO_SECURE_DIP_BOARD = 'SEC282_Starter_Kit';

const NX_STEPS: DemoStep[] = [
  {
    title: 'Accept the design-in terms',
    description:
      '<p>Read the design-in terms of the evaluation program and confirm that your team accepts them.</p>',
    completionType: 'check',
    resolverRoles: ['project-member'],
  },
  {
    title: 'Describe your application',
    description:
      '<p>Tell us what you are building: the end product, target volumes and the planned start of production.</p>',
    completionType: 'textarea',
    resolverRoles: ['project-member'],
  },
  {
    title: 'Name your production site',
    description: '<p>Enter the site or contract manufacturer that will build your product.</p>',
    completionType: 'input',
    resolverRoles: ['project-owner'],
  },
  {
    title: 'Upload your schematics',
    description: `<p>Upload the schematics and the bill of materials of your board (PDF or ZIP, up to ${sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)} each). Our field application engineer reviews them and confirms the step.</p>`,
    completionType: 'file-upload',
    resolverRoles: ['project-member'],
    completer: 'fae',
    confirmationRequired: true,
    gettingStarted: [
      {
        title: 'Check the reference design',
        description: '<p>Compare your schematics with the reference design of the starter kit.</p>',
      },
      {
        title: 'Export the bill of materials',
        description: '<p>Include manufacturer part numbers for every component.</p>',
      },
    ],
  },
  {
    title: 'Enter the development code',
    description: '<p>Enter the development code printed on your engineering samples.</p>',
    completionType: 'dev-code-input',
    resolverRoles: ['project-owner'],
  },
  {
    title: 'Request a short ROM code',
    description:
      '<p>Choose the short ROM code (SRC, 3 to 8 capital letters or digits) your production firmware is built for. It must be unique for this board.</p>',
    completionType: 'short-rom-code-input',
    resolverRoles: ['project-owner', 'csa'],
    csaReset: true,
  },
  {
    title: 'Design review',
    description: '<p>The field application engineer reviews the design and records the outcome.</p>',
    completionType: 'check-with-comment',
    resolverRoles: ['fae'],
  },
];

const SEC_STEPS: DemoStep[] = [
  {
    title: 'Upload the secure configuration',
    description:
      '<p>Upload the secure configuration (XML) made with the provisioning tool. When it is final, set <code>status="customer complete"</code> on its root element and upload it again.</p>',
    completionType: 'file-upload-xml-validation',
    resolverRoles: ['project-member'],
  },
  {
    title: 'Upload the encrypted images',
    description:
      '<p>Upload every image the configuration names, encrypted with the board’s public key as an ASCII-armoured file (<code>name.asc</code>).</p>',
    completionType: 'file-upload-encrypted',
    resolverRoles: ['project-member'],
    completer: 'fae',
    confirmationRequired: true,
  },
  {
    title: 'Provisioning confirmed',
    description: '<p>The provider confirms that the devices were provisioned with your configuration.</p>',
    completionType: 'check',
    resolverRoles: ['fae'],
  },
];

/** What the secure demo board checks in an uploaded configuration. */
const DEMO_XML_ENTRIES = [
  {
    type: 'metadata' as const,
    xpath: '/secureConfiguration/device/@id',
    metadataKey: 'deviceId',
    errorMessage: null,
  },
  {
    type: 'metadata' as const,
    xpath: '/secureConfiguration/key/@version',
    metadataKey: 'keyVersion',
    errorMessage: null,
  },
  {
    type: 'match' as const,
    xpath: "count(/secureConfiguration/key[@type='aes'])=1",
    metadataKey: null,
    errorMessage: 'The configuration must contain exactly one AES key.',
  },
  {
    type: 'filename' as const,
    xpath: '/secureConfiguration/image/@file',
    metadataKey: null,
    errorMessage: null,
  },
];

async function addSteps(db: Executor, boardId: string, steps: DemoStep[], secure: boolean) {
  const rows = await db
    .insert(dipSteps)
    .values(
      steps.map((step, position) => ({
        boardId,
        position,
        title: step.title,
        description: step.description,
        resolverRoles: step.resolverRoles,
        completer: step.completer ?? null,
        completionType: step.completionType,
        confirmationRequired: step.confirmationRequired ?? false,
        csaReset: step.csaReset ?? false,
        secure,
      })),
    )
    .returning({ id: dipSteps.id, position: dipSteps.position });
  const items = steps.flatMap((step, position) =>
    (step.gettingStarted ?? []).map((item, order) => ({
      ...item,
      boardId,
      dipStepId: rows.find((row) => row.position === position)!.id,
      position: order,
    })),
  );
  if (items.length) await db.insert(gettingStartedItems).values(items);
}

/**
 * The demo design-in processes (README lists the boards): NX114_Starter_Kit with check, textarea, input, file
 * upload (confirmed by the FAE), development code, SRC (CSA may reset) and FAE review steps, followed by
 * NX121_Shield; SEC282_Starter_Kit with the secure workflow (XML-validated configuration, encrypted images, provider
 * confirmation), its XML validation entries and secure workflow configuration. Needs the demo boards and metadata
 * keys; leaves a board that already has steps alone, so it may run again.
 */
export async function seedDemoDip(db: Executor): Promise<void> {
  const rows = await db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .where(inArray(boards.name, [DEMO_DIP_BOARD, DEMO_DIP_NEXT_BOARD, DEMO_SECURE_DIP_BOARD]));
  const idOf = (name: string) => rows.find((row) => row.name === name)?.id;
  const hasSteps = async (boardId: string) =>
    (await db.select({ id: dipSteps.id }).from(dipSteps).where(eq(dipSteps.boardId, boardId)).limit(1))
      .length > 0;

  const nx = idOf(DEMO_DIP_BOARD);
  if (nx && !(await hasSteps(nx))) {
    await addSteps(db, nx, NX_STEPS, false);
    const next = idOf(DEMO_DIP_NEXT_BOARD);
    if (next) await db.insert(dipFollowUps).values({ boardId: nx, nextBoardId: next, nextOwnerEmail: null });
  }
  const sec = idOf(DEMO_SECURE_DIP_BOARD);
  if (sec && !(await hasSteps(sec))) {
    await addSteps(db, sec, SEC_STEPS, true);
    await db.insert(secureWorkflowConfigs).values({
      boardId: sec,
      acceptedFileTypes: [...DEFAULT_ACCEPTED_FILE_TYPES],
      deletePolicy: 'before_resolve',
    });
    await db
      .insert(xmlValidationEntries)
      .values(DEMO_XML_ENTRIES.map((entry, position) => ({ ...entry, boardId: sec, position })));
  }
}
