import { errorsByField, statusTitle, type ErrorBody, type ErrorItem } from '@portal/resources';

/** One entry of the spec's error body (calls-auth-errors §3, §8.3). */
export type ApiErrorItem = ErrorItem;

/** The spec's error body: `{ status, type, errors: [{ errorCode, resources, messages }] }`. */
export type ApiErrorBody = Omit<ErrorBody, 'supportId'> & { supportId?: string };

export const NETWORK_ERROR_TYPE = 'network_error';
export const INVALID_RESPONSE_TYPE = 'invalid_response';

/** A failed API call: the HTTP status (0 when no response arrived) and the spec's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly errors: ApiErrorItem[];
  /** The support ID a 403 (or 5xx) answer carries, for the user to quote to support (spec §8.2). */
  readonly supportId?: string;

  constructor(body: ApiErrorBody, options?: { message?: string; cause?: unknown }) {
    super(options?.message ?? describeErrors(body), { cause: options?.cause });
    this.name = 'ApiError';
    this.status = body.status;
    this.type = body.type;
    this.errors = body.errors;
    if (body.supportId) this.supportId = body.supportId;
  }

  /** Whether any entry carries this error code (spec §8.3), e.g. `missing_multifactor_auth`. */
  hasErrorCode(errorCode: string): boolean {
    return this.errors.some((error) => error.errorCode === errorCode);
  }
}

/**
 * Reads an error answer into the spec's shape. Bodies that are not the spec's shape (HTML error
 * pages of a proxy, empty bodies) still give a usable status, type and message.
 */
export function toApiErrorBody(status: number, raw: unknown, statusText = ''): ApiErrorBody {
  if (typeof raw === 'object' && raw !== null) {
    const record = raw as Record<string, unknown>;
    const errors = Array.isArray(record.errors) ? record.errors.flatMap(toErrorItem) : [];
    const type = typeof record.type === 'string' && record.type !== '' ? record.type : fallbackType(status);
    if (errors.length === 0 && typeof record.message === 'string' && record.message !== '') {
      errors.push({ errorCode: type, resources: [], messages: [record.message] });
    }
    const supportId =
      typeof record.supportId === 'string' && record.supportId !== '' ? record.supportId : undefined;
    return supportId ? { status, type, errors, supportId } : { status, type, errors };
  }
  const text = typeof raw === 'string' ? raw.trim() : '';
  const message = text && text.length <= 300 && !text.startsWith('<') ? text : statusText;
  return {
    status,
    type: fallbackType(status),
    errors: message ? [{ errorCode: fallbackType(status), resources: [], messages: [message] }] : [],
  };
}

function toErrorItem(value: unknown): ApiErrorItem[] {
  if (typeof value !== 'object' || value === null) return [];
  const item = value as Record<string, unknown>;
  return [
    {
      errorCode: typeof item.errorCode === 'string' ? item.errorCode : 'unknown',
      resources: toStrings(item.resources),
      messages: toStrings(item.messages),
    },
  ];
}

function toStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function fallbackType(status: number): string {
  return statusTitle(status).toLowerCase().replace(/\s+/g, '_');
}

/** The messages of the body joined, or the status title when the server gave none. */
export function describeErrors(body: ApiErrorBody): string {
  const messages = body.errors.flatMap((error) => error.messages).filter(Boolean);
  return messages.length > 0 ? messages.join(' ') : statusTitle(body.status);
}

/**
 * The messages of error items keyed by form field, one text a field, as react-admin's `errors` take them: the
 * fields come from `errorsByField` of @portal/resources (`field` maps a resource path to the form's field).
 */
export function fieldErrorTexts(
  items: readonly ApiErrorItem[],
  field?: (path: string) => string | undefined,
): Record<string, string> | undefined {
  const { fields } = errorsByField(items, { field });
  const entries = Object.entries(fields).map(([name, messages]) => [name, messages.join('\n')] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
