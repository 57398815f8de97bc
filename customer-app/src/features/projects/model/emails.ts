/**
 * The addresses in what was typed or pasted: one per line, or separated by commas, semicolons or spaces; each
 * once, whatever its letter case, in the order given.
 */
export function emailsOf(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const email of text.split(/[\s,;]+/)) {
    const trimmed = email.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    emails.push(trimmed);
  }
  return emails;
}
