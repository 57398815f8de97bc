#!/usr/bin/env node
// The workspace packages ship TypeScript sources, so the command runs them through tsx's loader (Node 20.19+).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
