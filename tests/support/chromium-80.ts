import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Where the unpacked browser is kept between runs (unpacking takes a few seconds). */
const CACHE = path.join(os.tmpdir(), 'portal-chromium-80.0.3987');

export interface OldChromium {
  executablePath: string;
  /** For the browser process: its libraries (NSS, SwiftShader) on LD_LIBRARY_PATH. */
  env: NodeJS.ProcessEnv;
  args: string[];
}

/**
 * Chromium 80.0.3987, the oldest Chrome of spec product §2.5, as the npm package chrome-aws-lambda@2.1.1 ships it
 * (brotli: the binary, and tars of the libraries it needs). Unpacked once into the temp folder; a half-unpacked
 * folder (an interrupted run) is unpacked again.
 */
export function chromium80(): OldChromium {
  const binDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('chrome-aws-lambda/package.json')),
    'bin',
  );
  const done = path.join(CACHE, '.unpacked');
  if (!fs.existsSync(done)) {
    const partial = `${CACHE}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    const unbrotli = (file: string) => zlib.brotliDecompressSync(fs.readFileSync(path.join(binDir, file)));
    fs.writeFileSync(path.join(partial, 'chromium'), unbrotli('chromium.br'), { mode: 0o755 });
    // Where the binary looks for them: SwiftShader (software GL) in swiftshader/, NSS and the rest in lib/.
    for (const [tar, into] of [
      ['swiftshader.tar', 'swiftshader'],
      ['aws.tar', '.'],
    ] as const) {
      const dir = path.join(partial, into);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, tar), unbrotli(`${tar}.br`));
      execFileSync('tar', ['-xf', tar], { cwd: dir });
      fs.rmSync(path.join(dir, tar));
    }
    fs.writeFileSync(path.join(partial, '.unpacked'), '');
    fs.rmSync(CACHE, { recursive: true, force: true });
    fs.renameSync(partial, CACHE);
  }
  const libraries = [path.join(CACHE, 'lib'), path.join(CACHE, 'swiftshader')];
  return {
    executablePath: path.join(CACHE, 'chromium'),
    env: {
      // The system's fontconfig and fonts: the package's fonts.conf points at a Lambda folder.
      ...process.env,
      LD_LIBRARY_PATH: [...libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    },
    args: [
      '--no-sandbox',
      '--single-process',
      '--no-zygote',
      '--headless',
      '--disable-gpu',
      '--use-gl=swiftshader',
    ],
  };
}
