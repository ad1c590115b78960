import { USER_FIELD_LABELS } from "./labels";
import type { AuditEntry } from "./records";

/*
 * A record's history names its changed fields as people read them (issue 22). The audit keeps the upstream's field
 * names; the loaders label them here, on the server, so the History component draws what it is given and no page
 * carries the labels' tables.
 */

/**
 * A changed field's name as people read it: a user's field label (USER_FIELD_LABELS), else its label in `labels`
 * (the record's form), else as stored; a field named for a part of the record ("Medicare Advantage:
 * transferPolicy") keeps the part.
 */
export function fieldLabel(field: string, labels: Readonly<Record<string, string>> = {}): string {
  const known = (name: string) => USER_FIELD_LABELS[name] ?? labels[name];
  const direct = known(field);
  if (direct) return direct;
  const [, whole, name] = /^(.+): ([A-Za-z]\w*)$/.exec(field) ?? [];
  const label = name ? known(name) : undefined;
  return label ? `${whole}: ${label}` : field;
}

/** Field name → label, from a form's field definitions. */
export function labelsOf(fields: ReadonlyArray<{ name: string; label: string }>): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.label]));
}

/** `entries` with their changes' fields labelled (fieldLabel). */
export function labelHistory(entries: AuditEntry[], labels: Readonly<Record<string, string>> = {}): AuditEntry[] {
  return entries.map((e) => ({ ...e, changes: e.changes.map((c) => ({ ...c, field: fieldLabel(c.field, labels) })) }));
}
