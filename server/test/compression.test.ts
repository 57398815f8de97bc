import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContentRange } from '@portal/resources';
import { companySpaces, projectMembers, projects } from '../src/db/tables.js';
import {
  COMPRESS_IN_ONE_CALL_BYTES,
  COMPRESS_THRESHOLD_BYTES,
  ONE_CALL_GZIP_LEVEL,
} from '../src/transport/compression.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

let t: TestApp;
let admin: Tokens;
let boardId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, { email: 'admin@portal.test' });
  const boards = await demoBoards(t);
  boardId = boards.noSerial.id;
  const [space] = await t.database.db
    .select()
    .from(companySpaces)
    .where(eq(companySpaces.name, 'Acme Devices'));
  const rows = await t.database.db
    .insert(projects)
    .values(
      // Enough for a page over COMPRESS_IN_ONE_CALL_BYTES (a project is over 1 KB of JSON).
      Array.from({ length: 80 }, (_, i) => ({
        name: `compressed project ${i}`,
        boardId: boards.noSerial.id,
        companySpaceId: space!.id,
        companyName: space!.name,
        product: `P${i}`,
      })),
    )
    .returning({ id: projects.id });
  const owner = await projectTestKit(() => t).userId('customer@portal.test');
  await t.database.db
    .insert(projectMembers)
    .values(rows.map(({ id: projectId }) => ({ projectId, userId: owner, role: 'owner' as const })));
});
afterAll(() => t?.close());

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(admin), ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers },
  });

const DECODE = { gzip: gunzipSync, br: brotliDecompressSync } as const;

describe('compression', () => {
  const page = { range: 'projects=0-24' };

  it.each(['gzip', 'br'] as const)(
    'compresses a 25-project list page (%s), keeping its Content-Range',
    async (encoding) => {
      const plain = await get('/api/v1/projects', undefined, page);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toHaveLength(25);

      const packed = await get('/api/v1/projects', encoding, page);
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-range']).toBe(plain.headers['content-range']);
      expect(parseContentRange(String(packed.headers['content-range']))).toMatchObject({ offset: 0 });
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(DECODE[encoding](packed.rawPayload).toString('utf8'))).toEqual(plain.json());
    },
  );

  it('prefers gzip when the client takes both (brotli costs more CPU per dynamic answer)', async () => {
    const packed = await get('/api/v1/projects', 'gzip, deflate, br, zstd', page);
    expect(packed.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a page up to COMPRESS_IN_ONE_CALL_BYTES in one call at its level (its length known), a longer one as a stream', async () => {
    const sizes: Record<string, { raw: number; fastest: boolean; chunked: boolean }> = {};
    for (const range of ['projects=0-24', 'projects=0-79']) {
      const plain = await get('/api/v1/projects', undefined, { range });
      const packed = await get('/api/v1/projects', 'gzip', { range });
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers['content-range']).toBe(plain.headers['content-range']);
      expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(plain.body);
      sizes[range] = {
        raw: plain.rawPayload.length,
        // gzip's XFL byte: 4 for zlib's fastest levels (0 and 1), 0 for levels 2 to 8.
        fastest: packed.rawPayload[8] === 4,
        // The one-call path sets the compressed length; the stream path cannot know it and sends chunks.
        chunked: packed.headers['content-length'] === undefined,
      };
      if (!sizes[range].chunked) {
        expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
      }
    }
    const [short, long] = [sizes['projects=0-24']!, sizes['projects=0-79']!];
    expect(short.raw).toBeGreaterThan(8 * 1024); // over the plugin's own default on 2 cores
    expect(short.raw).toBeLessThanOrEqual(COMPRESS_IN_ONE_CALL_BYTES);
    expect(short.chunked).toBe(false);
    expect(short.fastest).toBe(ONE_CALL_GZIP_LEVEL <= 1);
    expect(long.raw).toBeGreaterThan(COMPRESS_IN_ONE_CALL_BYTES);
    expect(long.chunked).toBe(true);
    expect(long.fastest).toBe(false); // level 4
  });

  it('sends an answer under the threshold as it is', async () => {
    const url = `/api/v1/boards/${boardId}`;
    const plain = await get(url);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    const detail = await get(url, 'gzip, br');
    expect(detail.headers['content-encoding']).toBeUndefined();
    expect(detail.body).toBe(plain.body);
  });
});
