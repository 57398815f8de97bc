/**
 * The portal's one CSV writer. A cell a spreadsheet would run as a formula gets a leading apostrophe, as quoting
 * alone does not stop Excel or LibreOffice; a plain number such as `-3.5` stays a number.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: comma-separated, CRLF line ends, a final line end. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
