import { ApiError } from '@portal/data-provider/api-error';

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

/** The line printed for a failure: the server's own message for a refusal (spec calls §8), with its code. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const codes = error.errors.map((item) => item.errorCode).filter((code) => code !== error.type);
    const support = error.supportId ? ` Support ID: ${error.supportId}.` : '';
    return `${error.message} (HTTP ${error.status}${codes.length ? ` ${codes.join(', ')}` : ''}).${support}`;
  }
  return error instanceof Error ? error.message : String(error);
}
