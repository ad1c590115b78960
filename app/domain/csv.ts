/**
 * CSV as the portal's downloads write it (RFC 4180), one rule for every CSV the portal and the reference API write
 * (the admin exports and import results through server/reference-api/admin/admin-support.ts's streamCsv, the carrier
 * exports, the downline readiness export). Pure.
 */

/**
 * A cell a spreadsheet would read as a formula (CSV or formula injection; OWASP's "CSV Injection": no cell may
 * begin with =, +, -, @, a tab, a carriage return or a line feed):
 * - those seven characters at the start;
 * - their fullwidth forms ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets in East Asian locales
 *   may read as the ASCII ones (issue 35);
 * - any of them after leading whitespace (spaces, no-break and ideographic spaces, which `\s` covers): OWASP names
 *   the first character only, but a spreadsheet that trims a cell before reading it (LibreOffice's CSV import has a
 *   "Trim spaces" option) would see the formula. Neutralising `  -5` as well costs a visible quote in a rare cell;
 *   missing ` =HYPERLINK(…)` would run it.
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** The cell's text, neutralised with a leading quote when a spreadsheet would read it as a formula. */
export function neutralisedCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell: neutralised (neutralisedCell), then quoted when it holds a comma, a semicolon, a quote or a line
 * break. A semicolon is the list separator of spreadsheets in many locales (German, French): opened there, an
 * unquoted `x;=1+1` is two cells, the second a formula that neutralising the first never saw (OWASP: take care of
 * the field separator too).
 */
export function csvCell(value: unknown): string {
  const text = neutralisedCell(value === null || value === undefined ? "" : String(value as string | number | boolean));
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as one CSV text, CRLF between lines and after the last. */
export function csvText(rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
