/**
 * The one CSV writer of the portal (the server's exports and the admin console's list exports). A cell that a
 * spreadsheet would run as a formula — one starting with `=`, `+`, `-`, `@`, a tab or a carriage return — is
 * written as text by a leading apostrophe (quoting alone does not stop Excel or LibreOffice running it); a plain
 * number such as `-3.5` stays a number.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: comma-separated, CRLF line ends, a final line end. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
