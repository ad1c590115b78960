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
import type { Route } from "./+types/carrier.tickets";
import { ErrorPage } from "~/components/error-page";

export function meta() {
  return [{ title: "Commission Inquiry" }];
}

/** The carrier's side of commission inquiries: the ones addressed to it, answered here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const { params: listParams, ignored } = listQueryFrom(params, { sortable: TICKET_SORTABLE });
  const [, [list, current]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      listRead(tickets(token, "commission_inquiry", listParams), url.pathname),
      ticketFromUrl(token, params),
    ]),
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

export default function CarrierTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets: rows, meta, current, ignored } = loaderData;
  const location = useLocation();
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Commission Inquiry</Title>
      </div>
      {current ? (
        <TicketView
          ticket={current}
          action={`${location.pathname}${location.search}`}
          closeHref={`${location.pathname}${withParam(location.search, "ticket", null)}`}
          canClose={false}
          lastResult={actionData?.result}
        />
      ) : null}
      <TicketList
        caption="Inquiries to answer"
        rows={rows}
        meta={meta}
        ignored={ignored}
        inquiries="carrier"
        empty="No agent has sent you a commission inquiry yet. Inquiries addressed to you are listed here to answer."
        noMatch="No commission inquiries match this search."
      />
    </Stack>
  );
}
