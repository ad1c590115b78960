import { Anchor, Stack, Text, Title } from "@mantine/core";
import { FilterSelect } from "~/components/data-table/filter-select";
import { Link, useLocation } from "react-router";
import { type Column, DataTable } from "~/components/data-table";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import { canOpen } from "~/domain/access";
import { formatDate } from "~/domain/formats";
import { type ListShape, POLICY_STATUSES, listQueryFrom, notOffered } from "~/domain/list-query";
import { CONTRACT_NOW_HREF } from "~/domain/menu";
import { bookContractHint } from "~/domain/next-steps";
import { DOWNLOAD_SENT, errorToasts, successToast } from "~/domain/toast";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { listRead, refusedFilters } from "~/.server/upstream-failure";
import { bookOfBusiness, exportBookOfBusiness } from "~/.server/upstream/book-of-business";
import type { Policy } from "~/.server/upstream/schemas";
import type { Route } from "./+types/book_of_business";
import { ErrorPage } from "~/components/error-page";
import { StatusBadge } from "~/components/status-badge";

export function meta() {
  return [{ title: "Book of Business" }];
}

const SORTABLE = ["memberName", "status", "productName", "carrierName", "effectiveDate"] as const;
const BOOK_LIST: ListShape = {
  sortable: SORTABLE,
  filters: { status: { values: POLICY_STATUSES }, productId: "id", carrierId: "id" },
};

/**
 * The book as the URL asks for it (ADR 020): values the portal can check and does not know are ignored
 * with a note; a product or carrier the upstream refuses, or does not offer among its choices, is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, BOOK_LIST);
  const [viewer, book] = await loadWithViewer(request, context, async (token) =>
    listRead(bookOfBusiness(token, params), url.pathname),
  );
  const productId = params.get("productId");
  const carrierId = params.get("carrierId");
  if (notOffered(productId, book.filters.products) || notOffered(carrierId, book.filters.carriers)) {
    throw refusedFilters(url.pathname);
  }
  return {
    ...book,
    ignored,
    // An empty book points to Contract Now when the user may open it (issue 11).
    contractHint: bookContractHint({ mayContract: canOpen(viewer, CONTRACT_NOW_HREF), user: viewer.user }),
    selected: { status: params.get("status") ?? "", productId: productId ?? "", carrierId: carrierId ?? "" },
  };
}

/** Export: the upstream e-mails the file (spec §8 'Download was sent to your email'). */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const form = actionForm(request, context);
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      await form.read();
      await exportBookOfBusiness(viewer.token, listQueryFrom(url.searchParams, BOOK_LIST).params);
      return redirectWithToast(back, [successToast(DOWNLOAD_SENT)]);
    },
    // Nothing was typed: the upstream's reason, or that it is not answering, as a toast on the same page.
    async ({ messages }) => redirectWithToast(back, errorToasts(messages)),
  );
}

const COLUMNS: Column<Policy>[] = [
  { key: "memberName", header: "Member", sortable: true, cell: (p) => p.memberName },
  { key: "policyNumber", header: "Policy #", noWrap: true, cell: (p) => p.policyNumber },
  {
    key: "status",
    header: "Status",
    sortable: true,
    noWrap: true,
    cell: (p) => <StatusBadge status={p.status} />,
  },
  { key: "productName", header: "Product", sortable: true, cell: (p) => p.productName },
  { key: "carrierName", header: "Carrier", sortable: true, cell: (p) => p.carrierName },
  { key: "effectiveDate", header: "Effective", sortable: true, noWrap: true, cell: (p) => formatDate(p.effectiveDate) },
];

/** A product or carrier the upstream does not know is a 400 inside the layout, with a link without filters (ADR 020). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function BookOfBusiness({ loaderData }: Route.ComponentProps) {
  const { policies, meta, filters, selected, ignored, contractHint } = loaderData;
  const location = useLocation();
  return (
    <div className="list-page">
      <div className="list-page-head">
        <Title order={1}>Book of Business</Title>
        <PortalForm action={`${location.pathname}${location.search}`}>
          <SubmitButton variant="default">Export</SubmitButton>
        </PortalForm>
      </div>
      <DataTable
        caption="Policies"
        columns={COLUMNS}
        rows={policies}
        rowKey={(p) => p.id}
        meta={meta}
        sortable={SORTABLE}
        filterNames={["status", "productId", "carrierId"]}
        ignored={ignored}
        empty={<EmptyBook contractHint={contractHint} />}
        noMatch="No policies match this search or these filters."
        filters={
          <>
            <FilterSelect name="status" label="Status" value={selected.status} options={filters.statuses} />
            <FilterSelect name="productId" label="Product" value={selected.productId} options={filters.products} />
            <FilterSelect name="carrierId" label="Carrier" value={selected.carrierId} options={filters.carriers} />
          </>
        }
      />
    </div>
  );
}

/** No policies at all (issue 11): why, and what to do next. */
function EmptyBook({ contractHint }: { contractHint: "first" | "more" | null }) {
  return (
    <Stack gap={4}>
      <Text c="dimmed">
        Your book of business is empty. Policies you write appear here once the carrier confirms them.
      </Text>
      {contractHint === "first" ? (
        <Text c="dimmed">
          To write policies you need an active contract with a carrier:{" "}
          <Anchor component={Link} to={CONTRACT_NOW_HREF}>
            request one with Contract Now
          </Anchor>
          .
        </Text>
      ) : contractHint === "more" ? (
        <Text c="dimmed">
          To write with more carriers,{" "}
          <Anchor component={Link} to={CONTRACT_NOW_HREF}>
            request contracts with Contract Now
          </Anchor>
          .
        </Text>
      ) : null}
    </Stack>
  );
}
