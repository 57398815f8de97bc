import { ApiError, fieldErrorTexts, type ApiErrorItem } from '@portal/data-provider';
import { ERROR_CODES, errorFieldPath } from '@portal/resources';
import { HttpError } from 'react-admin';

const CODED: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether an answer carries an error code of spec calls §8.3: its toast then stays 20 s (§8.5). */
const isCodedError = (items: readonly ApiErrorItem[] | undefined): boolean =>
  !!items?.some((item) => CODED.has(item.errorCode));

/**
 * Messages of coded errors seen lately. react-admin notifies a failed call by its message alone, so the
 * notification stack looks the message up here to give it the longer duration.
 */
const codedMessages = new Set<string>();
const CODED_MESSAGES_KEPT = 50;

export function rememberCodedMessage(message: string): void {
  codedMessages.delete(message);
  codedMessages.add(message);
  if (codedMessages.size > CODED_MESSAGES_KEPT) {
    const oldest = codedMessages.values().next().value;
    if (oldest !== undefined) codedMessages.delete(oldest);
  }
}

/** Forgets every remembered message, as a fresh page would have (test files sharing a module graph). */
export function forgetCodedMessages(): void {
  codedMessages.clear();
}

export const isCodedMessage = (message: unknown): boolean =>
  typeof message === 'string' && codedMessages.has(message);

/**
 * A field the API names in `resources`, as the form knows it: validation errors say `body.name`, rule errors
 * `name`; `body.roles.0` is the `roles` field.
 */
function toFormField(resource: string): string {
  const path = errorFieldPath(resource);
  return path.split('.')[0] ?? path;
}

interface ReactAdminErrorBody {
  errors?: Record<string, unknown>;
  apiErrors?: ApiErrorItem[];
  [key: string]: unknown;
}

/**
 * Any failure of a call as react-admin's `HttpError`: the message, the spec's items as `apiErrors`, and
 * `errors` keyed by form field (plus `root.serverError`) so messages land on their fields.
 */
export function toAdminError(error: unknown): unknown {
  let message: string;
  let status: number;
  let items: ApiErrorItem[];
  let extra: Record<string, unknown> = {};
  if (error instanceof ApiError) {
    ({ message, status } = error);
    items = error.errors;
    extra = { type: error.type, supportId: error.supportId };
  } else if (error instanceof HttpError || isHttpErrorLike(error)) {
    const body = (error.body ?? {}) as ReactAdminErrorBody;
    message = error.message;
    status = error.status;
    items = body.apiErrors ?? [];
    extra = { ...body };
  } else {
    return error;
  }
  if (isCodedError(items)) rememberCodedMessage(message);
  const fieldErrors = fieldErrorTexts(items, toFormField);
  return new HttpError(message, status, {
    ...extra,
    apiErrors: items,
    errors: fieldErrors ? { ...fieldErrors, root: { serverError: message } } : undefined,
  });
}

function isHttpErrorLike(error: unknown): error is { message: string; status: number; body?: unknown } {
  return (
    error instanceof Error &&
    typeof (error as { status?: unknown }).status === 'number' &&
    'body' in (error as object)
  );
}

/** The spec's error items of a failure, whichever layer raised it. */
export function apiErrorsOf(error: unknown): ApiErrorItem[] {
  if (error instanceof ApiError) return error.errors;
  const body = (error as { body?: ReactAdminErrorBody } | null)?.body;
  return body?.apiErrors ?? [];
}

export const hasErrorCode = (error: unknown, code: string): boolean =>
  apiErrorsOf(error).some((item) => item.errorCode === code);
