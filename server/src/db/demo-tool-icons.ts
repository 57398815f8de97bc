import { deflateSync } from 'node:zlib';
import { toolIconPath } from '@portal/resources';
import { sha256Of } from '../storage/file-storage.js';

/** The demo tools' icons (issue 45): small PNGs drawn here, so the demo ships no binary files. */
const SIZE = 48;
const COLOURS: [number, number, number][] = [
  [0x1f, 0x6f, 0xb2],
  [0x2e, 0x8b, 0x57],
  [0xb8, 0x4a, 0x1f],
  [0x6a, 0x3d, 0x9a],
  [0x00, 0x80, 0x80],
  [0xa0, 0x2b, 0x5a],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A rounded tile in the tool's colour with a white mark whose shape follows the tool's place in the list. */
export function demoIconPng(index: number): Buffer {
  const [r, g, b] = COLOURS[index % COLOURS.length]!;
  const mark = index % 3;
  const rows: Buffer[] = [];
  const centre = (SIZE - 1) / 2;
  for (let y = 0; y < SIZE; y += 1) {
    const row = Buffer.alloc(1 + SIZE * 4);
    for (let x = 0; x < SIZE; x += 1) {
      const dx = Math.abs(x - centre);
      const dy = Math.abs(y - centre);
      const corner = Math.max(dx - 16, 0) ** 2 + Math.max(dy - 16, 0) ** 2 > 64;
      const white =
        mark === 0
          ? dx ** 2 + dy ** 2 < 100
          : mark === 1
            ? dx < 4 || dy < 4
            : dx < 12 && dy < 12 && (dx > 7 || dy > 7);
      const at = 1 + x * 4;
      if (corner) continue;
      row.set(white ? [255, 255, 255, 255] : [r, g, b, 255], at);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icon of the demo tool at this place in the list: its stored path and bytes. */
export function demoToolIcon(index: number): { path: string; bytes: Buffer } {
  const bytes = demoIconPng(index);
  return { path: toolIconPath(sha256Of(bytes), 'image/png'), bytes };
}
