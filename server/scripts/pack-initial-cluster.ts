// Part of the server's build: writes the packed initial cluster of the installed PGlite into dist/, so a first
// start on a new data folder loads it instead of running initdb (src/db/initial-cluster.ts).
// Usage: tsx scripts/pack-initial-cluster.ts (after build-node.mjs, which empties dist/).
import path from 'node:path';
import { packInitialCluster } from '../src/db/initial-cluster.js';

const started = Date.now();
const file = await packInitialCluster(path.resolve(import.meta.dirname, '../dist'));
console.log(`server: ${path.basename(file)} to dist/ in ${Date.now() - started} ms`);
