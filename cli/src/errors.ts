/** Exit codes of the command (cli/README.md). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A failure the command reports in one line and ends on with a non-zero exit code. */
export class CliError extends Error {
  constructor(message: string, options: { cause?: unknown; exitCode?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? EXIT.failed;
  }

  readonly exitCode: number;
}
