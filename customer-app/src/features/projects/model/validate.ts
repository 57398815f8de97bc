/** What the app needs of a schema of @portal/resources: its verdict and first message. */
export interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** The first message a schema gives for a value, or undefined when the value passes. */
export function issueOf(schema: Checkable, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Field messages without the fields that passed. */
export function withoutEmpty(errors: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
