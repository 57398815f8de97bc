import { ERROR_MESSAGES, type ResourceDefinition } from '@portal/resources';
import { isUniqueViolation } from '../transport/database-errors.js';
import { ApiError } from '../transport/errors.js';

/**
 * The 409 of a uniqueness rule the write broke: the rule whose fields the database names, else the first. A
 * resource that declares none answers the generic `duplicate`.
 */
export function uniqueConflict(
  definition: Pick<ResourceDefinition, 'unique'>,
  error: unknown,
): ApiError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const rules = definition.unique ?? [];
  let detail = '';
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { detail: text, constraint } = current as { detail?: unknown; constraint?: unknown };
    detail += `${typeof text === 'string' ? text : ''} ${typeof constraint === 'string' ? constraint : ''}`;
    current = (current as { cause?: unknown }).cause;
  }
  const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const rule = rules.find((r) => r.fields.every((f) => detail.includes(snake(f)))) ?? rules[0];
  if (!rule) return ApiError.of(409, 'duplicate', ERROR_MESSAGES.duplicate);
  return ApiError.of(409, rule.errorCode ?? 'duplicate', rule.message, [...rule.fields]);
}
