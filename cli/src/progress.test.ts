import { describe, expect, it } from 'vitest';
import { progressFor } from './progress.js';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return {
    written,
    stream: { isTTY, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream,
  };
};

const run = (isTTY: boolean, env: NodeJS.ProcessEnv, quiet = false) => {
  const target = stream(isTTY);
  const progress = progressFor(target.stream, env, quiet);
  progress.start('tool.zip', 2048);
  progress.set(1024);
  progress.add(1024);
  progress.note('retrying');
  progress.done();
  return target.written.join('');
};

describe('download progress', () => {
  it('draws a bar in place on a terminal', () => {
    const output = run(true, {});
    expect(output).toContain('\r\x1b[Ktool.zip');
    expect(output).toContain(`[${'#'.repeat(30)}] 100% 2.0 KiB / 2.0 KiB`);
  });

  it('is quiet but for notes in CI, in a pipe and with --quiet', () => {
    for (const output of [run(true, { CI: 'true' }), run(false, {}), run(true, {}, true)]) {
      expect(output).toBe('retrying\n');
    }
    expect(run(true, { CI: 'false' })).toContain('100%');
  });
});
