import { Anchor, Stack, Text, Title } from "@mantine/core";
import { CellBadge } from "~/components/data-table/badge";
import { FilterSelect } from "~/components/data-table/filter-select";
import { Link } from "react-router";
import { type Column, DataTable } from "~/components/data-table";
import { ErrorPage } from "~/components/error-page";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { formatDate } from "~/domain/formats";
import {
  LEARNING_CENTER_HREF,
  LEARNING_LIST,
  LEARNING_SORTABLE,
  libraryOfPath,
  resourceHref,
} from "~/domain/learning-center";
import { listQueryFrom, notOffered } from "~/domain/list-query";
import { loadWithViewer } from "~/.server/guards";
import { learningQueryOf, learningResources } from "~/.server/upstream/learning-center";
import type { LearningResourceSummary } from "~/.server/upstream/schemas";
import { listRead, refusedFilters } from "~/.server/upstream-failure";
import { data } from "react-router";
import type { Route } from "./+types/learning_center.library";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Learning Center` : "Learning Center" }];
}

/**
 * One library of the Learning Center (spec §2: agent_resources, documentation_resources, enrollment_resources)
 * in the shared table: search, sort, paging and the carrier and product filters in the URL (ADR 009, 020).
 * Which resources the viewer sees is the upstream's decision.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const info = libraryOfPath(url.pathname);
  if (!info) throw data(null, { status: 404, statusText: "Not Found" });
  const { params, ignored } = listQueryFrom(url.searchParams, LEARNING_LIST);
  const [, list] = await loadWithViewer(request, context, async (token) =>
    listRead(learningResources(token, learningQueryOf(info.library, params)), url.pathname),
  );
  const carrierId = params.get("carrierId");
  const productId = params.get("productId");
  if (notOffered(carrierId, list.filters.carriers) || notOffered(productId, list.filters.products)) {
    throw refusedFilters(url.pathname);
  }
  return {
    ...list,
    library: info.library,
    title: info.title,
    blurb: info.blurb,
    ignored,
    selected: { carrierId: carrierId ?? "", productId: productId ?? "" },
  };
}

/** A carrier or product the upstream does not offer is a 400 inside the layout, with a link without filters. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function LearningLibrary({ loaderData }: Route.ComponentProps) {
  const { resources, meta, filters, selected, ignored, library, title, blurb } = loaderData;
  const columns: Column<LearningResourceSummary>[] = [
    {
      key: "title",
      header: "Title",
      sortable: true,
      cell: (r) => (
        <div className="cell-stack lc-title" data-gap="2">
          <Link to={resourceHref(library, r.id)} className="anchor" data-strong>
            {r.title}
          </Link>
          <p className="cell-line" data-size="sm" data-dimmed>
            {r.description}
          </p>
          {r.audience === "agencies" || r.attachmentCount > 0 ? (
            <p className="cell-line" data-size="xs" data-dimmed>
              {[
                r.audience === "agencies" ? "For agencies" : null,
                r.attachmentCount > 0 ? `${r.attachmentCount} attachment${r.attachmentCount === 1 ? "" : "s"}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      key: "category",
      header: "Category",
      sortable: true,
      noWrap: true,
      cell: (r) => <CellBadge color="gray">{r.category}</CellBadge>,
    },
    { key: "carrierName", header: "Carrier", sortable: true, cell: (r) => r.carrierName ?? "All carriers" },
    { key: "productName", header: "Product", sortable: true, cell: (r) => r.productName ?? "All products" },
    { key: "updatedAt", header: "Updated", sortable: true, noWrap: true, cell: (r) => formatDate(r.updatedAt) },
  ];
  return (
    <Stack gap="md" className="lc-page">
      <Breadcrumbs steps={[{ to: LEARNING_CENTER_HREF, label: "Learning Center" }]} current={title} />
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{blurb}</Text>
      </div>
      <DataTable
        caption={title}
        columns={columns}
        rows={resources}
        rowKey={(r) => r.id}
        meta={meta}
        sortable={LEARNING_SORTABLE}
        filterNames={["carrierId", "productId"]}
        ignored={ignored}
        empty={
          <Text c="dimmed">
            This library has no resources for you yet. New material from the carriers appears here as it is published;
            meanwhile, the{" "}
            <Anchor component={Link} to={LEARNING_CENTER_HREF}>
              Learning Center
            </Anchor>{" "}
            has the other libraries and each carrier's resources.
          </Text>
        }
        noMatch="No resources match this search or these filters."
        filters={
          <>
            <FilterSelect name="carrierId" label="Carrier" value={selected.carrierId} options={filters.carriers} />
            <FilterSelect name="productId" label="Product" value={selected.productId} options={filters.products} />
          </>
        }
      />
    </Stack>
  );
}
