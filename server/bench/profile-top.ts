/**
 * The top self-time functions of V8 CPU profiles (`bench:versus --profile <dir>` writes them), summed over the
 * files given: `tsx bench/profile-top.ts [--top 25] <file.cpuprofile>…`. Idle and garbage collection are listed
 * as V8 names them (`(idle)`, `(garbage collector)`), so the shares are of the whole measured window.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' } },
  allowPositionals: true,
});

const self = new Map<string, number>();
let total = 0;
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/server\//, '')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    const micros = profile.timeDeltas[index] ?? 0;
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
}
const busy = total - (self.get('(idle)') ?? 0);
console.log(
  `${positionals.map((file) => path.basename(file)).join(', ')}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms not idle`,
);
for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(
    `${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`,
  );
}
