import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { type Column, DataTable } from "~/components/data-table";
import { ConfirmPanel } from "~/components/confirm-panel";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import {
  MAX_WITHDRAW_INVITATIONS,
  positiveIds,
  tooManyWithdrawText,
  withdrawOutcomeMessages,
} from "~/domain/downlines";
import { ErrorPage } from "~/components/error-page";
import { formatDate } from "~/domain/formats";
import { listQueryFrom } from "~/domain/list-query";
import { pathWithout } from "~/domain/url-params";
import { errorToasts, successToast } from "~/domain/toast";
import { formDataOf } from "~/.server/forms";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { invitations, resendInvitation, withdrawInvitations } from "~/.server/upstream/invitations";
import type { Invitation } from "~/.server/upstream/schemas";
import { listRead, upstreamMessages } from "~/.server/upstream-failure";
import type { Route } from "./+types/register_downlines";
import { StatusBadge } from "~/components/status-badge";

export function meta() {
  return [{ title: "Register Downlines" }];
}

const SORTABLE = ["email", "lastName", "level", "status", "sentAt"] as const;
const CONFIRM = "confirm";
/** The intent of a row's "Send again" form (any other post withdraws). */
const RESEND = "resend";
/** The invitations that can be sent again: pending or expired (an accepted one has done its work). */
const canResend = (i: Invitation) => i.status === "Sent" || i.status === "Expired";

/** The URL without the confirmation (where Cancel and a finished withdrawal go). */
const withoutConfirm = (url: URL): string => pathWithout(url.pathname, url.search, [CONFIRM]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, { sortable: SORTABLE });
  const [, list] = await loadWithViewer(request, context, async (token) =>
    listRead(invitations(token, params), url.pathname),
  );
  const asked = positiveIds(url.searchParams.getAll(CONFIRM));
  const tooMany = asked.length > MAX_WITHDRAW_INVITATIONS;
  // Only the listed page's pending invitations can be confirmed: what the user sees is what they withdraw.
  const wanted = new Set(asked);
  const confirming = tooMany ? [] : list.invitations.filter((i) => wanted.has(i.id) && i.status === "Sent");
  return {
    ...list,
    confirming,
    cancelHref: withoutConfirm(url),
    askedCount: asked.length,
    tooManyText: tooMany ? tooManyWithdrawText(asked.length) : null,
    ignored,
  };
}

/**
 * A row's "Send again" (intent resend, one id): the upstream sends the invitation again with a new link.
 * Otherwise withdraws the confirmed invitations in one upstream call (which checks each: the user's own, still
 * pending), at most MAX_WITHDRAW_INVITATIONS of them; one sentence per kind of outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const form = await formDataOf(request);
  const ids = positiveIds(form.getAll("id"));
  const back = withoutConfirm(url);
  if (form.get("intent") === RESEND) {
    const [id] = ids;
    if (ids.length !== 1 || id === undefined)
      return redirectWithToast(back, errorToasts(["Choose one invitation to send again."]));
    try {
      const sent = await resendInvitation(viewer.token, id);
      return redirectWithToast(back, [successToast(`Invitation sent again to ${sent.email}`)]);
    } catch (error) {
      // The upstream's refusal (accepted, has an account…) or that it is not answering; a 401 ends the session.
      return redirectWithToast(back, errorToasts(await upstreamMessages(error, viewer.session)));
    }
  }
  if (ids.length === 0) return redirectWithToast(back, errorToasts(["Choose at least one invitation to withdraw."]));
  if (ids.length > MAX_WITHDRAW_INVITATIONS)
    return redirectWithToast(back, errorToasts([tooManyWithdrawText(ids.length)]));
  let outcome;
  try {
    outcome = await withdrawInvitations(viewer.token, ids);
  } catch (error) {
    // The upstream's refusal (or that it is not answering) as a toast; a 401 ends the session.
    return redirectWithToast(back, errorToasts(await upstreamMessages(error, viewer.session)));
  }
  const { success, errors } = withdrawOutcomeMessages(outcome);
  return redirectWithToast(back, [...(success ? [successToast(success)] : []), ...errorToasts(errors)]);
}

/** A list the upstream refused to draw from the URL's values is a 400 inside the layout (ADR 020). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function RegisterDownlines({ loaderData }: Route.ComponentProps) {
  const { invitations: rows, meta, confirming, cancelHref, askedCount, tooManyText } = loaderData;
  const location = useLocation();
  const confirmHref = (invitation: Invitation) => {
    const params = new URLSearchParams(location.search);
    params.delete(CONFIRM);
    params.append(CONFIRM, String(invitation.id));
    return `${location.pathname}?${params.toString()}`;
  };
  const columns: Column<Invitation>[] = [
    { key: "lastName", header: "Name", sortable: true, cell: (i) => `${i.firstName} ${i.lastName}` },
    { key: "email", header: "E-mail", sortable: true, cell: (i) => i.email },
    { key: "level", header: "Level", sortable: true, cell: (i) => i.level },
    {
      key: "status",
      header: "Status",
      sortable: true,
      noWrap: true,
      cell: (i) => <StatusBadge status={i.status} />,
    },
    { key: "sentAt", header: "Sent", sortable: true, noWrap: true, cell: (i) => formatDate(i.sentAt) },
    {
      key: "resend",
      header: "Send again",
      noWrap: true,
      // A new link by e-mail (the old one stops working): the link itself never reaches the portal.
      cell: (i) =>
        canResend(i) ? (
          <PortalForm action={`${location.pathname}${location.search}`}>
            <input type="hidden" name="intent" value={RESEND} />
            <input type="hidden" name="id" value={i.id} />
            <SubmitButton size="compact-sm" variant="light" aria-label={`Send again to ${i.firstName} ${i.lastName}`}>
              Send again
            </SubmitButton>
          </PortalForm>
        ) : (
          "—"
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>Register Downlines</Title>
      <Text c="dimmed">
        Invite agents and agencies to join your downline. Each invitation is e-mailed with its own registration link,
        which works for 14 days; send a pending or expired invitation again for a new link.
      </Text>

      {tooManyText ? (
        <Alert color="red" title="Too many invitations chosen" role="alert">
          {tooManyText}{" "}
          <Anchor component={Link} to={cancelHref}>
            Back to the list
          </Anchor>
        </Alert>
      ) : askedCount > 0 ? (
        confirming.length > 0 ? (
          <ConfirmPanel
            title="Withdraw these invitations?"
            intro={
              askedCount > confirming.length
                ? `${askedCount - confirming.length} of the ${askedCount} chosen are not pending invitations on this page and are left out.`
                : undefined
            }
            items={confirming.map((i) => `${i.firstName} ${i.lastName} (${i.email})`)}
            action={`${location.pathname}${location.search}`}
            hidden={confirming.map((i): [string, string] => ["id", String(i.id)])}
            confirmLabel="Withdraw"
            cancelHref={cancelHref}
          />
        ) : (
          <Alert color="yellow" title="Nothing to withdraw">
            Only pending invitations can be withdrawn.{" "}
            <Anchor component={Link} to={cancelHref}>
              Back to the list
            </Anchor>
          </Alert>
        )
      ) : null}

      <DataTable
        caption="Invitations"
        columns={columns}
        rows={rows}
        rowKey={(i) => i.id}
        meta={meta}
        sortable={SORTABLE}
        ignored={loaderData.ignored}
        newButton={{ to: "/register_downlines/new", label: "Invite a downline" }}
        empty={
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed">
              You have not invited anyone yet. Invite an agent or an agency to join your downline; each invitation you
              send is listed here with its status.
            </Text>
            <Button component={Link} to="/register_downlines/new" variant="light">
              Invite your first downline
            </Button>
          </Stack>
        }
        noMatch="No invitations match this search."
        rowMenu={{
          label: (i) => `${i.firstName} ${i.lastName}`,
          deleteHref: (i) => (i.status === "Sent" ? confirmHref(i) : null),
        }}
        bulk={{
          name: CONFIRM,
          label: "Withdraw selected",
          value: (i) => String(i.id),
          rowLabel: (i) => `Select ${i.firstName} ${i.lastName}`,
        }}
      />
    </Stack>
  );
}
