import { Paper, Stack, Text, Title } from "@mantine/core";
import { USER_FIELD_LABELS } from "~/domain/admin/labels";
import type { AuditEntry } from "~/domain/admin/records";
import { formatDateTimeUtc } from "~/domain/admin/times";

const ACTIONS: Record<string, string> = {
  created: "created it",
  updated: "changed it",
  deleted: "deleted it",
  password_reset_sent: "sent a password reset link",
  note_added: "added a note",
};

/** What an audit entry's action says ("approved", "state_changed" → "state changed"). */
export function actionText(action: string): string {
  return ACTIONS[action] ?? action.replace(/_/g, " ");
}

/**
 * A changed field's name as people read it: its label from `labels` (the record's form fields), else a user's
 * (USER_FIELD_LABELS); a field named for a part of the record ("Medicare Advantage: transferPolicy") keeps the part.
 */
export function fieldLabel(field: string, labels: Readonly<Record<string, string>> = {}): string {
  const known = (name: string) => labels[name] ?? USER_FIELD_LABELS[name];
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

/**
 * A record's history (issue 14): every admin write, newest first, who and when, each change old → new, its
 * fields named by `labels` (fieldLabel).
 */
export function History({
  entries,
  title = "History",
  labels,
}: {
  entries: AuditEntry[];
  title?: string;
  labels?: Readonly<Record<string, string>>;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title" mb="sm">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No changes recorded yet. Every change an administrator makes is listed here, with who made it and when.
        </Text>
      ) : (
        <Stack gap="sm" component="ol" className="plain-list">
          {entries.map((e) => (
            <li key={e.id}>
              <Text size="sm">
                <strong>{e.actor.name}</strong> {actionText(e.action)}
                <Text span c="dimmed" size="sm">
                  {" · "}
                  {formatDateTimeUtc(e.at)}
                </Text>
              </Text>
              {e.changes.length ? (
                <ul className="history-changes">
                  {e.changes.map((c) => (
                    <li key={c.field}>
                      <Text size="sm" span>
                        {fieldLabel(c.field, labels)}: {c.from ?? "(empty)"} → {c.to ?? "(empty)"}
                      </Text>
                    </li>
                  ))}
                </ul>
              ) : null}
              {e.note ? (
                <Text size="sm" c="dimmed">
                  Note: {e.note}
                </Text>
              ) : null}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
