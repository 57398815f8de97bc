import { FILE_NAME_MAX_LENGTH } from '@portal/resources';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { notFound } from '../../transport/errors.js';

/** The stable address of the command line's npm tarball; the versioned one is named by the build's manifest. */
export const CLI_TARBALL = 'portal-cli.tgz';
const CHECKSUM_SUFFIX = '.sha256';
/** What the build's manifest may name: nothing with a folder in it, only a tarball of the command. */
const VERSIONED_TARBALL = /^portal-cli-[0-9A-Za-z][0-9A-Za-z.+-]*\.tgz$/;

interface Tarball {
  bytes: Buffer;
  sha256: string;
  versionedName: string;
  /** The file's identity when read: a rebuild is served without a restart. */
  stamp: string;
}

/**
 * The command line for build machines (`cli/`, built by its `build` script into `<STATIC_DIR>/cli/dist`), so
 * they install it from their own portal: `GET /downloads/portal-cli.tgz`, the versioned name and each one's
 * `.sha256` (in `sha256sum` form). Only these names are answered: the address names a file, never a path.
 */
export function cliDownloadRoutes(staticDir: string): FastifyPluginAsyncZod {
  const dist = path.join(staticDir, 'cli', 'dist');
  let cached: Tarball | null = null;

  async function current(): Promise<Tarball | null> {
    let manifest: { file?: unknown };
    try {
      manifest = JSON.parse(await fs.readFile(path.join(dist, 'portal-cli.json'), 'utf8')) as {
        file?: unknown;
      };
    } catch {
      return null;
    }
    const versionedName = manifest.file;
    if (typeof versionedName !== 'string' || !VERSIONED_TARBALL.test(versionedName)) return null;
    const file = path.join(dist, versionedName);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const stamp = `${versionedName}:${stat.size}:${stat.mtimeMs}`;
    if (cached?.stamp !== stamp) {
      const bytes = await fs.readFile(file);
      cached = { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), versionedName, stamp };
    }
    return cached;
  }

  return async (app) => {
    app.get(
      '/downloads/:fileName',
      {
        // A gzip tarball already; its checksum names the bytes as sent.
        compress: false,
        config: { access: access.public() },
        schema: {
          tags: ['platform'],
          summary: `The portal command line as an npm tarball (\`${CLI_TARBALL}\` or its versioned name), or its SHA-256 (\`${CLI_TARBALL}${CHECKSUM_SUFFIX}\`)`,
          description:
            "`npm install -g <portal>/downloads/portal-cli.tgz` or `npx -y <portal>/downloads/portal-cli.tgz --help`. The ETag is the SHA-256 of the tarball (`If-None-Match` answers 304), as are `X-Checksum-Sha256` and the tarball answer's `Repr-Digest`.",
          params: z.object({ fileName: z.string().max(FILE_NAME_MAX_LENGTH) }),
          produces: ['application/gzip', 'text/plain'],
          response: { 200: z.any().describe('The tarball or its checksum line'), 304: z.null() },
        },
      },
      async (request, reply) => {
        const tarball = await current();
        const asked = request.params.fileName;
        const checksum = asked.endsWith(CHECKSUM_SUFFIX);
        const name = checksum ? asked.slice(0, -CHECKSUM_SUFFIX.length) : asked;
        if (!tarball || (name !== CLI_TARBALL && name !== tarball.versionedName)) {
          throw notFound(`No download ${asked}.`, ['fileName']);
        }
        const etag = `"${tarball.sha256}${checksum ? CHECKSUM_SUFFIX : ''}"`;
        reply
          .header('ETag', etag)
          .header('Cache-Control', 'no-cache')
          .header('X-Checksum-Sha256', tarball.sha256);
        const inm = request.headers['if-none-match'];
        if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
          return reply.code(304).send(null);
        }
        if (checksum) {
          return reply.type('text/plain; charset=utf-8').send(`${tarball.sha256}  ${name}\n`);
        }
        return reply
          .type('application/gzip')
          .header('Repr-Digest', `sha-256=:${Buffer.from(tarball.sha256, 'hex').toString('base64')}:`)
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Content-Length', String(tarball.bytes.length))
          .send(tarball.bytes);
      },
    );
  };
}
