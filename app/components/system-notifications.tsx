import { Alert } from "@mantine/core";
import type { SystemNotification } from "~/.server/upstream/schemas";
import { formatDate } from "~/domain/formats";
import { PlainBadge } from "./plain-badge";

const SEVERITY_COLOR = { info: "blue", warning: "orange", critical: "red" } as const;

/**
 * The upstream's system notifications (spec §2 dashboard and home), with an empty state. Plain elements
 * with classes (issue 21) inside Mantine's Alert.
 */
export function SystemNotifications({ notifications }: { notifications: SystemNotification[] }) {
  return (
    <section aria-labelledby="notifications-title">
      <h2 className="heading" data-size="h3" data-mb="xs" id="notifications-title">
        System notifications
      </h2>
      {notifications.length === 0 ? (
        <p className="txt" data-dimmed>
          There are no system notifications.
        </p>
      ) : (
        <div className="l-stack" data-gap="sm">
          {notifications.map((n) => (
            <Alert key={n.id} color={SEVERITY_COLOR[n.severity]} title={n.title}>
              <p className="txt" data-size="sm">
                {n.message}
              </p>
              <div className="l-row notification-facts" data-gap="xs">
                <PlainBadge color={SEVERITY_COLOR[n.severity]}>{n.severity}</PlainBadge>
                <p className="txt" data-size="xs" data-dimmed>
                  {formatDate(n.publishedAt)}
                  {n.endsAt ? ` · until ${formatDate(n.endsAt)}` : null}
                </p>
              </div>
            </Alert>
          ))}
        </div>
      )}
    </section>
  );
}
