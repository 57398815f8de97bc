/**
 * Serializer micro benchmark (issue 24 point 4): one page of the admin project list (its 25 rows) written by zod's
 * encode + JSON.stringify (fastify-type-provider-zod, the former path) and by the compiled serializer
 * (src/transport/serializer.ts), in alternating rounds of one run so both see the same machine load.
 *
 *   pnpm --filter @portal/server bench:serializer [--seconds 1] [--rounds 4]
 *
 * Each round runs each writer for --seconds; the figures are the median of the rounds. It first checks that both
 * write the same bytes.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectSchema, type Project } from '@portal/resources';
import { compileSerializer } from '../src/transport/serializer.js';
import { BENCH_PAGE } from './fill.js';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '1' }, rounds: { type: 'string', default: '4' } },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);

const at = '2026-03-01T12:00:00.000Z';
const member = (n: number, roles: Project['members'][number]['roles']) => ({
  id: randomUUID(),
  username: `user${n}`,
  email: `user${n}@example.com`,
  roles,
  // A column the repository reads but the answer does not declare: both writers drop it.
  passwordChangedAt: at,
});

/** A project as the repository hands it over: every field, some nulls, a few members, an asset. */
function project(n: number): Project {
  const owner = member(n * 3, ['owner']);
  return {
    id: randomUUID(),
    uuid: randomUUID(),
    name: `Project ${n} with a longer name`,
    description: n % 2 ? null : `A description of project ${n}, "quoted" and with a line\nbreak.`,
    members: [owner, member(n * 3 + 1, ['substitute']), member(n * 3 + 2, ['member', 'fae'])],
    board: {
      id: randomUUID(),
      ispnId: null,
      ispn: `ISPN-${n}`,
      name: `Board ${n}`,
      description: 'An evaluation board.',
      type: 'evaluation',
      source: 'BSG',
      version: '1.2',
      productPageUrl: 'https://example.com/board',
      image: null,
      serialnumberRequired: true,
      releasedForRegistration: true,
      restrictedAccess: false,
      secure: n % 5 === 0,
      showInRegistrationPage: true,
      productType: 'board',
      createdAt: at,
      updatedAt: at,
    },
    assets: [
      {
        id: randomUUID(),
        filename: 'design.zip',
        uploadedBy: owner.email,
        uploadedToStep: 2,
        uploadedAt: at,
        malwareDetected: false,
      },
    ],
    invitation:
      n % 3 ? null : { id: randomUUID(), link: 'https://example.com/i/x', expiresAt: at, status: 'active' },
    secure: n % 5 === 0,
    createdAt: at,
    updatedAt: at,
    status: 'active',
    dipStatus: n % 2 ? 'in-progress' : null,
    salesCode: 'S-1',
    shortRomCode: null,
    ownerCompany: 'Acme',
    group: null,
    solution: 'Gateway',
    variant: null,
    product: 'P-100',
    developmentCode: null,
    companyName: 'Acme',
    owner,
    substitute: null,
    fae: null,
  } as Project;
}

const page = Array.from({ length: BENCH_PAGE.projects }, (_, n) => project(n));
const schema = z.array(projectSchema);
const route = { schema, method: 'GET', url: '/api/v1/projects', httpStatus: '200' } as Parameters<
  typeof compileSerializer
>[0];
const compiled = compileSerializer(route);
if (typeof compiled !== 'function') throw new Error(`the project list keeps zod's path: ${compiled.reason}`);
const writers = { zod: zodSerializerCompiler(route), compiled };
if (writers.zod(page) !== writers.compiled(page)) throw new Error('the two writers differ');

/** Lists written per second by one writer in one round. */
function round(write: (data: unknown) => string): number {
  const until = performance.now() + seconds * 1000;
  let count = 0;
  let start = performance.now();
  for (; start < until; start = performance.now()) {
    for (let i = 0; i < 20; i++) write(page);
    count += 20;
  }
  return count / seconds;
}

const figures: Record<keyof typeof writers, number[]> = { zod: [], compiled: [] };
round(writers.zod); // warm-up of both before the first measured round
round(writers.compiled);
for (let r = 0; r < rounds; r++)
  for (const name of ['zod', 'compiled'] as const) figures[name].push(round(writers[name]));

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bytes = writers.compiled(page).length;
console.log(`${page.length} projects, ${bytes} bytes, median of ${rounds} rounds of ${seconds} s`);
for (const name of ['zod', 'compiled'] as const) {
  const perSecond = median(figures[name]);
  console.log(
    `${name.padEnd(9)} ${perSecond.toFixed(0).padStart(7)} lists/s ${(1e6 / perSecond).toFixed(1).padStart(7)} µs/list`,
  );
}
console.log(`compiled / zod: ${(median(figures.compiled) / median(figures.zod)).toFixed(2)}×`);
