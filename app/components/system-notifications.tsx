import { useFetcher, useLocation } from "react-router";
import type { ShellData } from "~/domain/shell";
import { foldNotices, foldedNoticesText, mostSevere } from "~/domain/system-notifications";
import type { Toast } from "~/domain/toast";
import { HydratedField } from "./forms/hydrated-field";
import { useFetcherToasts } from "./toaster";

const SEVERITY_TEXT = { info: "Info", warning: "Warning", critical: "Critical" } as const;

/**
 * The system notifications banner (spec §3 notification state; issue 22 §2.3): the notices the upstream addresses
 * to this user, on every page of the default layout until each is dismissed (for good, by this user) or ends.
 * Nothing when there are none. Issue 37 §3: a critical one in full, the others folded into one line that opens them
 * (app/domain/system-notifications.ts foldNotices), a native <details>, so it opens without JavaScript and each
 * folded notice keeps its Dismiss form. Plain elements with classes (issue 21), in the look of Mantine's light Alert
 * (app.css `.notice`): the layout's every page carries no Alert component for it.
 */
export function SystemNotifications({ notifications }: { notifications: ShellData["notices"] }) {
  if (notifications.length === 0) return null;
  const { full, folded } = foldNotices(notifications);
  return (
    <section aria-label="System notifications" className="l-stack notices-banner" data-gap="xs">
      {full.map((n) => (
        <Notice key={n.id} notice={n} />
      ))}
      {folded.length > 0 ? (
        <details className="notices-more" data-severity={mostSevere(folded)}>
          <summary>{foldedNoticesText(folded, full.length > 0)}</summary>
          {folded.map((n) => (
            <Notice key={n.id} notice={n} />
          ))}
        </details>
      ) : null}
    </section>
  );
}

/**
 * One notice and its Dismiss: a plain form (works without JavaScript, redirecting back); with JavaScript a
 * fetcher sends it, and the layout's data, loaded again, no longer holds the notice.
 */
function Notice({ notice: n }: { notice: ShellData["notices"][number] }) {
  const location = useLocation();
  const fetcher = useFetcher<{ toasts?: Toast[] }>({ key: `dismiss-notice-${n.id}` });
  useFetcherToasts(fetcher.data);
  return (
    <div className="notice" data-severity={n.severity} data-testid="system-notice">
      <p className="notice-title">{n.title}</p>
      <p className="txt" data-size="sm">
        {n.message}
      </p>
      <div className="l-row notification-facts" data-gap="xs" data-justify="between">
        {/* The severity in words too (not by color alone); plain text, no badge (issue 21: lean markup). */}
        <p className="txt" data-size="xs" data-dimmed>
          {SEVERITY_TEXT[n.severity]} · {n.dates}
        </p>
        {/* fetcher.Form, not PortalForm: the layout's every page would carry the form layer (Mantine's Button,
            conform) for this one button; a dismissal is idempotent, so a second click does no harm. */}
        <fetcher.Form method="post" action="/account/dismiss_notice">
          <HydratedField name="mode" value="fetcher" />
          <input type="hidden" name="id" value={n.id} />
          {/* Back to the page without its query: a list's search (up to thousands of characters) is not carried into
              every notice's form (the hostile list-URL suite). */}
          <input type="hidden" name="redirectTo" value={location.pathname} />
          {/* A plain button (issue 21: no style attribute per notice in every page). */}
          <button type="submit" className="notice-dismiss" aria-label={`Dismiss “${n.title}”`}>
            Dismiss
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
