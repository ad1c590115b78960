import { Stack, Title } from "@mantine/core";
import { useLocation } from "react-router";
import { TICKET_SORTABLE, TicketList } from "~/components/ticket-list";
import { listQueryFrom } from "~/domain/list-query";
import { TicketView } from "~/components/ticket-view";
import { withParam } from "~/domain/url";
import { loadWithViewer } from "~/.server/guards";
import { ticketAction, ticketFromUrl } from "~/.server/tickets";
import { tickets } from "~/.server/upstream/tickets";
import { listRead } from "~/.server/upstream-failure";
import type { Route } from "./+types/my_tickets";
import { ErrorPage } from "~/components/error-page";

export function meta() {
  return [{ title: "My Tickets" }];
}

/** The user's support tickets in the shared table; ?ticket=id opens one (its conversation and reply). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const { params: listParams, ignored } = listQueryFrom(params, { sortable: TICKET_SORTABLE });
  const [, [list, current]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([listRead(tickets(token, "support", listParams), url.pathname), ticketFromUrl(token, params)]),
  );
  return { ...list, current, ignored };
}

export async function action({ request, context }: Route.ActionArgs) {
  return ticketAction(request, context);
}

/** An unknown or foreign ?ticket= is a 404 shown inside the layout (issue 8 point 10). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function MyTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets: rows, meta, current, ignored } = loaderData;
  const location = useLocation();
  return (
    <Stack gap="md">
      <Title order={1}>My Tickets</Title>
      {current ? (
        <TicketView
          ticket={current}
          action={`${location.pathname}${location.search}`}
          closeHref={`${location.pathname}${withParam(location.search, "ticket", null)}`}
          canClose
          lastResult={actionData?.result}
        />
      ) : null}
      <TicketList
        caption="Support tickets"
        rows={rows}
        meta={meta}
        ignored={ignored}
        newButton={{ to: "/contact_support", label: "Contact Support" }}
        empty="You have no support tickets. Contact Support when you need help: your conversations with support are listed here."
        noMatch="No support tickets match this search."
      />
    </Stack>
  );
}
