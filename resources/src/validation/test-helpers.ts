import type { z } from 'zod';

/** The messages a user would read for `value`: none when it is valid. */
export function messagesFor(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** `length` characters of `char`, for boundary cases. */
export const chars = (length: number, char = 'a') => char.repeat(length);
