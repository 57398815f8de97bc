/** Progress of one file at a time; notes (retries) go to the same place. */
export interface Progress {
  start(name: string, total: number | null): void;
  /** The bytes already there (a resumed file), or 0 when the file starts over. */
  set(bytes: number): void;
  add(bytes: number): void;
  note(message: string): void;
  done(): void;
}

/** How often the bar is redrawn at most: a fast download would otherwise spend its time drawing. */
const REDRAW_MS = 100;
const BAR_WIDTH = 30;

/** Silent but for notes: for CI logs and pipes, where a redrawn bar is noise. */
export const quietProgress = (write: (line: string) => void): Progress => ({
  start: () => undefined,
  set: () => undefined,
  add: () => undefined,
  note: (message) => write(`${message}\n`),
  done: () => undefined,
});

/** A bar redrawn in place on a terminal. */
function terminalProgress(stream: NodeJS.WriteStream): Progress {
  let name = '';
  let total: number | null = null;
  let bytes = 0;
  let drawnAt = 0;
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - drawnAt < REDRAW_MS) return;
    drawnAt = now;
    const share = total ? Math.min(bytes / total, 1) : null;
    const bar =
      share === null
        ? ''
        : `[${'#'.repeat(Math.round(share * BAR_WIDTH)).padEnd(BAR_WIDTH, '.')}] ${Math.floor(share * 100)}% `;
    stream.write(`\r\x1b[K${name} ${bar}${formatBytes(bytes)}${total ? ` / ${formatBytes(total)}` : ''}`);
  };
  return {
    start(fileName, size) {
      name = fileName;
      total = size;
      bytes = 0;
      draw(true);
    },
    set(value) {
      bytes = value;
      draw(true);
    },
    add(value) {
      bytes += value;
      draw();
    },
    note(message) {
      stream.write(`\r\x1b[K${message}\n`);
    },
    done() {
      draw(true);
      stream.write('\n');
    },
  };
}

/** A bar on a terminal, none in CI (the `CI` variable most CI services set) or when asked to be quiet. */
export function progressFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv, quiet: boolean): Progress {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return stream.isTTY && !ci && !quiet
    ? terminalProgress(stream)
    : quietProgress((line) => stream.write(line));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
