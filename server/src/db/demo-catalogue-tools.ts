import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { Price } from '@portal/resources';
import type { FileStorage } from '../storage/file-storage.js';
import type { Database } from './client.js';
import { toolFiles, tools } from './schema-catalogue.js';
import { demoToolIcon } from './demo-tool-icons.js';

// The demo catalogue's tools, versions and download files (seeded by demo-catalogue.ts).
/** Demo files live under this storage prefix; their bytes follow from their key, so a restart can rewrite them. */
export const DEMO_FILE_PREFIX = 'demo/';

/** The bytes of a demo file: a few kilobytes of text that name the file, the same for the same key every time. */
export function demoFileContent(storageKey: string): Buffer {
  const line = `Developer Portal demo download ${storageKey.slice(DEMO_FILE_PREFIX.length)}\n`;
  const size = 1024 + (createHash('sha256').update(storageKey).digest()[0]! % 8) * 512;
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes the demo files and the demo tools' icons that are missing from the storage (a fresh folder, or a
 * temporary one in tests).
 */
export async function ensureDemoFiles(db: Database, storage: FileStorage): Promise<number> {
  const rows = await db
    .select({ key: toolFiles.storageKey })
    .from(toolFiles)
    .where(like(toolFiles.storageKey, `${DEMO_FILE_PREFIX}%`));
  const icons = new Map(
    DEMO_TOOLS.map((_, index) => demoToolIcon(index)).map((icon) => [icon.path, icon.bytes]),
  );
  const named = await db.selectDistinct({ icon: tools.icon }).from(tools);
  const wanted: [string, () => Buffer][] = [
    ...rows.map(({ key }): [string, () => Buffer] => [key, () => demoFileContent(key)]),
    ...named.flatMap(({ icon }): [string, () => Buffer][] => {
      const bytes = icon ? icons.get(icon) : undefined;
      return bytes ? [[icon!, () => bytes]] : [];
    }),
  ];
  let written = 0;
  for (const [key, bytes] of wanted) {
    if (await storage.exists(key)) continue;
    await storage.put(key, bytes());
    written += 1;
  }
  return written;
}

export interface DemoFile {
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

export interface DemoTool {
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

export const DEMO_TOOLS: DemoTool[] = [
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

export const fileName = (featureId: string, version: string, file: DemoFile) =>
  `${featureId}-${version}-${file.os}-${file.architecture}.${file.extension}`;
