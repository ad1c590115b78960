/**
 * CSV as the portal's downloads write it (RFC 4180): one cell quoted when it holds a comma, quote or line break; a
 * leading =, +, - or @ (a formula to a spreadsheet) neutralised with a quote. The reference API's admin exports use the
 * same cell (server/reference-api/admin/admin-support.ts). Pure.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value as string | number | boolean);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as one CSV text, CRLF between lines and after the last. */
export function csvText(rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
