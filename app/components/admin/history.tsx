import { Paper, Stack, Text, Title } from "@mantine/core";
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
 * A record's history (issue 14): every admin write, newest first, who and when, each change old → new (its fields
 * labelled by the loader: labelHistory in domain/admin/history-labels.ts).
 */
export function History({ entries, title = "History" }: { entries: AuditEntry[]; title?: string }) {
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
                        {c.field}: {c.from ?? "(empty)"} → {c.to ?? "(empty)"}
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
