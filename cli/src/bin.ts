// The entry of the bundled command (scripts/build.mjs); the workspace runs the same `main` through bin/portal.mjs.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
