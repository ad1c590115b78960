/**
 * Spec §3: "Nested form fields are renamed with an Attributes suffix on save; a _destroy flag of 1 marks a
 * row as removed." Spec §7: PUT /api/profile/legal_answers is a multipart form with
 * user[legalAnswersAttributes][] entries.
 *
 * The wire format is Rails' array-of-hashes form encoding: `root[nameAttributes][][field]` repeated per
 * row, rows in order, each row's fields contiguous. Rails starts a new row when a field repeats within the
 * current row, so every row must begin with a field that every row has (the "leader"): otherwise a row
 * that skipped it would merge into the one before.
 */

export type NestedValue = string | Blob;
type Row = Record<string, NestedValue | null | undefined>;

export const DESTROY_FLAG = "_destroy";

export function attributesName(name: string): string {
  return `${name}Attributes`;
}

function prefixOf(root: string, name: string): string {
  return `${root}[${attributesName(name)}][]`;
}

function presentFields(row: Row): Array<[string, NestedValue]> {
  return Object.entries(row).filter((e): e is [string, NestedValue] => e[1] !== null && e[1] !== undefined);
}

/**
 * Rows → multipart entries. null/undefined fields are skipped; rows with no field at all are dropped.
 * Each row emits the leader field first (the first field, in the first row's key order, that every row
 * has), then its other fields in the row's own key order. Throws when several rows share no field: their
 * boundaries could not be told apart.
 */
export function toNestedEntries(root: string, name: string, rows: Row[]): Array<[string, NestedValue]> {
  const prefix = prefixOf(root, name);
  const rowFields = rows.map(presentFields).filter((fields) => fields.length > 0);
  if (rowFields.length === 0) return [];
  const leader = rowFields[0]
    .map(([field]) => field)
    .find((field) => rowFields.every((fields) => fields.some(([f]) => f === field)));
  if (leader === undefined) {
    throw new Error(`toNestedEntries: the ${name} rows share no field, so their boundaries would be ambiguous`);
  }
  const entries: Array<[string, NestedValue]> = [];
  for (const fields of rowFields) {
    const ordered = [...fields.filter(([f]) => f === leader), ...fields.filter(([f]) => f !== leader)];
    for (const [field, value] of ordered) entries.push([`${prefix}[${field}]`, value]);
  }
  return entries;
}

/**
 * Multipart entries → rows, with Rails semantics: a new row begins when a field repeats within the
 * current row. Entries with other keys (other roots, other names, deeper nesting) are ignored.
 */
export function fromNestedEntries(
  entries: Iterable<[string, NestedValue]>,
  root: string,
  name: string,
): Array<Record<string, NestedValue>> {
  const prefix = prefixOf(root, name);
  const rows: Array<Record<string, NestedValue>> = [];
  let current: Record<string, NestedValue> | null = null;
  for (const [key, value] of entries) {
    if (!key.startsWith(prefix)) continue;
    const field = /^\[([^[\]]+)\]$/.exec(key.slice(prefix.length))?.[1];
    if (field === undefined) continue;
    if (current === null || Object.hasOwn(current, field)) {
      current = {};
      rows.push(current);
    }
    current[field] = value;
  }
  return rows;
}

/** Spec §3: a _destroy flag of 1 marks a row as removed ("true" is accepted too). */
export function isDestroyed(row: Row): boolean {
  const flag = row[DESTROY_FLAG];
  return flag === "1" || flag === "true";
}
