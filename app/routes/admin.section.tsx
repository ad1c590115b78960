import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Link, data, useLocation } from "react-router";
import { ConfirmPanel } from "~/components/confirm-panel";
import { SectionField } from "~/components/admin/section-field";
import type { BulkDef } from "~/components/admin/section-view";
import type { Field } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form";
import type { FormResult } from "~/components/forms/use-portal-form";
import { useServerForm } from "~/components/forms/use-server-form";
import { loadSection, useSection, viewOf } from "~/components/admin/section-registry";
import { DataTable } from "~/components/data-table";
import { FilterDay, FilterSelect } from "~/components/data-table/filter-select";
import { ErrorPage } from "~/components/error-page";
import { SECTION_SHAPES, type SectionKey, withDefaultSort } from "~/domain/admin/shapes";
import { listPageShape, recordIdOf, recordPathOf, sectionPath } from "~/domain/admin/section-shape";
import { listQueryFrom } from "~/domain/list-query";
import { pathWithout } from "~/domain/url-params";
import { PAGE_SIZES } from "~/domain/table";
import { errorToasts, successToast } from "~/domain/toast";
import { bulkIdsSchema } from "~/domain/admin/forms";
import { requireAdmin } from "~/.server/admin/guard";
import { adminSectionOr404, serverOf } from "~/.server/admin/sections";
import { formDataOf, parseSubmission } from "~/.server/forms";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { listRead, upstreamMessages } from "~/.server/upstream-failure";
import type { Route } from "./+types/admin.section";

/** The confirmations a list URL opens: a row's delete, the selected rows' bulk action. */
const DELETE = "delete";
const CONFIRM = "confirm";
/** Which of the section's further bulk actions the confirmation is for (view.bulkMore's key); absent: `bulk`. */
const BULK = "bulk";
/** The most rows one bulk action takes: one page at the largest page size. */
const BULK_MAX = Math.max(...PAGE_SIZES);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (loaderData: { title: string }) => [{ label: loaderData.title }],
};

function ids(values: FormDataEntryValue[] | string[]): number[] {
  return [
    ...new Set(
      values.map((v) => recordIdOf(typeof v === "string" ? v : undefined)).filter((n): n is number => n !== null),
    ),
  ];
}

/** The list's URL without the confirmations (where Cancel and a finished action go), nor `also`. */
function withoutConfirmations(url: URL, also: readonly string[] = []): string {
  return pathWithout(url.pathname, url.search, [DELETE, CONFIRM, BULK, ...also]);
}

/** The further bulk action a URL or form names, when the section has it; null: the section's first one. */
function bulkKeyOf(key: SectionKey, raw: FormDataEntryValue | null): string | null {
  const more = viewOf(key).bulkMore;
  return typeof raw === "string" && more && Object.hasOwn(more, raw) ? raw : null;
}

/** The export's query: the list's search, filters and sort, every page. */
function exportQueryOf(query: URLSearchParams): string {
  const params = new URLSearchParams(query);
  params.delete("page");
  params.delete("perPage");
  return params.toString();
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const key = await adminSectionOr404(request, context, params.section);
  const server = serverOf(key);
  await loadSection(key);
  const url = new URL(request.url);
  const { params: query, ignored } = listQueryFrom(url.searchParams, SECTION_SHAPES[key]);
  const deleteId = recordIdOf(url.searchParams.get(DELETE) ?? undefined);
  const [, list, toDelete] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      listRead(server.list(token, withDefaultSort(key, query)), url.pathname),
      // A row's delete opened from its menu: the record asked for beside the list (the URL may name one not on this page).
      deleteId !== null && server.remove ? server.record(token, deleteId).then((r) => r.record) : Promise.resolve(null),
    ]),
  ).then(([viewer, [l, d]]) => [viewer, l, d] as const);
  const asked = ids(url.searchParams.getAll(CONFIRM));
  const chosen = new Set(asked);
  // Each row as the list shows it (the section's listRow), typed as the record the views' columns read.
  const records = server.listRow ? (list.records.map(server.listRow) as typeof list.records) : list.records;
  return {
    key,
    shape: listPageShape(SECTION_SHAPES[key]),
    title: viewOf(key).title,
    records,
    meta: list.meta,
    facets: list.facets as Record<string, Array<{ value: string; label: string }>>,
    ignored,
    toDelete,
    confirming: asked.length > BULK_MAX ? [] : records.filter((r) => chosen.has(r.id)),
    askedCount: asked.length,
    bulkKey: bulkKeyOf(key, url.searchParams.get(BULK)),
    cancelHref: withoutConfirmations(url, ignored),
    above: list.above ?? null,
    exportQuery: exportQueryOf(query),
  };
}

/**
 * intent delete (one id) or bulk (the confirmed ids): the upstream decides each (a role still in use is refused
 * with its reason); one toast per kind of outcome, back to the list as it was.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const key = await adminSectionOr404(request, context, params.section);
  const server = serverOf(key);
  await loadSection(key);
  const view = viewOf(key);
  const back = withoutConfirmations(new URL(request.url));
  const form = await formDataOf(request);
  const chosen = ids(form.getAll("id"));
  const intent = form.get("intent");
  if (intent === DELETE && server.remove) {
    const [id] = chosen;
    if (chosen.length !== 1 || id === undefined)
      return redirectWithToast(back, errorToasts([`Choose one ${view.singular} to delete.`]));
    try {
      await server.remove(viewer.token, id);
      return redirectWithToast(back, [successToast(`The ${view.singular} was deleted.`)]);
    } catch (error) {
      return redirectWithToast(back, errorToasts(await upstreamMessages(error, viewer.session)));
    }
  }
  // The first bulk action, or the further one the form names (bulk=<key>).
  const bulkKey = bulkKeyOf(key, form.get(BULK));
  const more = bulkKey ? server.bulkMore?.[bulkKey] : undefined;
  const bulkView = bulkKey ? view.bulkMore?.[bulkKey] : view.bulk;
  const run = bulkKey ? more?.run : server.bulk;
  if (intent === "bulk" && run && bulkView) {
    // The confirmation's form (ids, and the section's own fields: a state, notes): refused at its fields with
    // what was typed kept, or done row by row by the upstream.
    const schema = (bulkKey ? more?.schema : server.bulkSchema) ?? bulkIdsSchema;
    const submission = parseSubmission(form, { schema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const value = submission.value as { id: number[] } & Record<string, unknown>;
    if (value.id.length > BULK_MAX)
      return redirectWithToast(back, errorToasts([`Choose at most ${BULK_MAX} at a time.`]));
    try {
      const { done, refusals } = await run(viewer.token, value);
      return redirectWithToast(back, [
        ...(done > 0 ? [successToast(bulkView.doneText(done, value.id.length))] : []),
        ...errorToasts(refusals),
      ]);
    } catch (error) {
      return redirectWithToast(back, errorToasts(await upstreamMessages(error, viewer.session)));
    }
  }
  return redirectWithToast(back, errorToasts(["This action is not available here."]));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/** The bulk action's confirmation: the chosen rows, the section's own fields (a state, notes), the form. */
function BulkConfirm({
  bulk,
  bulkKey,
  items,
  ids,
  left,
  askedCount,
  action,
  cancelHref,
  lastResult,
  facets,
}: {
  bulk: BulkDef;
  bulkKey: string | null;
  items: string[];
  ids: number[];
  left: number;
  askedCount: number;
  action: string;
  cancelHref: string;
  lastResult: FormResult;
  facets: Record<string, Array<{ value: string; label: string }>>;
}) {
  // Checked by the server alone (the server half's bulkSchema): the list page carries no validation library.
  // A select without an empty choice's label must be chosen: marked required as the form layer marks it.
  const names = (bulk.fields ?? []).map((f) => f.name);
  const required = (bulk.fields ?? []).filter((f) => f.kind === "select" && !f.emptyLabel).map((f) => f.name);
  const [form, fields] = useServerForm("bulk", lastResult, names, { required });
  const byName = fields as unknown as Record<string, Field>;
  return (
    <ConfirmPanel
      title={bulk.confirmTitle}
      intro={
        left > 0
          ? `${bulk.intro} ${left} of the ${askedCount} chosen are not on this page and are left out.`
          : bulk.intro
      }
      items={items}
      form={form}
      action={action}
      hidden={[
        ["intent", "bulk"],
        ...(bulkKey ? [[BULK, bulkKey] as [string, string]] : []),
        ...ids.map((id): [string, string] => ["id", String(id)]),
      ]}
      confirmLabel={bulk.confirmButton}
      cancelHref={cancelHref}
      danger={!bulk.fields}
    >
      <FormAlert form={form} />
      {bulk.fields?.length ? (
        <Stack gap="sm" maw={560}>
          {bulk.fields.map((def) => (
            <SectionField key={def.name} def={def} field={byName[def.name]} facets={facets} />
          ))}
        </Stack>
      ) : null}
    </ConfirmPanel>
  );
}

export default function AdminSectionList({ loaderData, actionData }: Route.ComponentProps) {
  const { key, shape, records, meta, facets, toDelete, confirming, askedCount, cancelHref, exportQuery, bulkKey } =
    loaderData;
  const { view } = useSection(key);
  const bulk = (bulkKey ? view.bulkMore?.[bulkKey] : undefined) ?? view.bulk;
  const location = useLocation();
  // The URL's values the list left out (ADR 020) are not carried on by its links and forms.
  const params = new URLSearchParams(location.search);
  for (const ignored of loaderData.ignored) params.delete(ignored);
  const query = params.toString();
  const here = `${location.pathname}${query ? `?${query}` : ""}`;
  const list = new URLSearchParams(params);
  list.delete(DELETE);
  list.delete(CONFIRM);
  list.delete(BULK);
  const listQuery = list.toString();
  const back = encodeURIComponent(`${location.pathname}${listQuery ? `?${listQuery}` : ""}`);
  const withParam = (name: string, value: string) => {
    const next = new URLSearchParams(list);
    next.set(name, value);
    return `${location.pathname}?${next.toString()}`;
  };
  return (
    <div className="list-page">
      <div>
        <Title order={1}>{view.title}</Title>
        <p className="list-page-intro">{view.intro}</p>
      </div>
      {view.nav}
      {loaderData.above !== null && view.aboveList ? view.aboveList(loaderData.above as never) : null}

      {toDelete ? (
        <ConfirmPanel
          title={`Delete this ${view.singular}?`}
          intro="This cannot be undone."
          items={[view.rowLabel(toDelete)]}
          action={here}
          hidden={[
            ["intent", DELETE],
            ["id", String(toDelete.id)],
          ]}
          confirmLabel="Delete"
          cancelHref={cancelHref}
        />
      ) : null}

      {bulk && askedCount > 0 ? (
        confirming.length > 0 ? (
          <BulkConfirm
            // Another action's confirmation is another form (its own fields).
            key={bulkKey ?? BULK}
            bulk={bulk}
            bulkKey={bulkKey}
            facets={facets}
            items={confirming.map(view.rowLabel)}
            ids={confirming.map((r) => r.id)}
            left={askedCount - confirming.length}
            askedCount={askedCount}
            action={here}
            cancelHref={cancelHref}
            lastResult={actionData}
          />
        ) : (
          <Alert color="yellow" title="Nothing chosen on this page">
            Choose rows of this page, then {bulk.label.toLowerCase()}.{" "}
            <Anchor component={Link} to={cancelHref}>
              Back to the list
            </Anchor>
          </Alert>
        )
      ) : null}

      <DataTable
        caption={view.title}
        columns={view.columns}
        stack={view.stack !== false}
        rows={records}
        rowKey={(r) => r.id}
        meta={meta}
        sortable={shape.sortable}
        ignored={loaderData.ignored}
        filterNames={view.filters.map((f) => f.name)}
        filters={view.filters.map((f) =>
          f.kind === "day" ? (
            <FilterDay key={f.name} name={f.name} label={f.label} value={params.get(f.name) ?? ""} />
          ) : (
            <FilterSelect
              key={f.name}
              name={f.name}
              label={f.label}
              value={params.get(f.name) ?? ""}
              options={facets[f.name] ?? []}
              emptyLabel={f.emptyLabel}
            />
          ),
        )}
        newButton={
          shape.creatable ? { to: `${sectionPath(key)}/new?back=${back}`, label: `New ${view.singular}` } : undefined
        }
        actions={
          <Button
            component="a"
            href={`${sectionPath(key)}/export${exportQuery ? `?${exportQuery}` : ""}`}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            download
          >
            Export CSV
          </Button>
        }
        empty={<Text c="dimmed">{view.empty}</Text>}
        noMatch={view.noMatch}
        rowMenu={
          shape.report
            ? undefined
            : {
                label: view.rowLabel,
                editHref: (r) => `${recordPathOf(key, shape, r.id)}?back=${back}`,
                editLabel: view.editLabel,
                deleteHref: (r) => (view.canDelete?.(r) ? withParam(DELETE, String(r.id)) : null),
                more: view.rowMore,
                rowHref: view.linksRecord ? (r) => recordPathOf(key, shape, r.id) : undefined,
              }
        }
        bulk={
          view.bulk
            ? {
                name: CONFIRM,
                label: view.bulk.label,
                value: (r) => String(r.id),
                rowLabel: (r) => `Select ${view.rowLabel(r)}`,
                extra: Object.entries(view.bulkMore ?? {}).map(([value, def]) => (
                  <Button
                    key={value}
                    type="submit"
                    name={BULK}
                    value={value}
                    variant="default"
                    disabled={!records.length}
                  >
                    {def.label}
                  </Button>
                )),
                extraNames: [BULK],
              }
            : undefined
        }
      />
    </div>
  );
}
