import { ApiError } from '@portal/data-provider/api-error';

/** The line printed for a failure: the server's own message for a refusal (spec calls §8), with its code. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const codes = error.errors.map((item) => item.errorCode).filter((code) => code !== error.type);
    const support = error.supportId ? ` Support ID: ${error.supportId}.` : '';
    return `${error.message} (HTTP ${error.status}${codes.length ? ` ${codes.join(', ')}` : ''}).${support}`;
  }
  return error instanceof Error ? error.message : String(error);
}
