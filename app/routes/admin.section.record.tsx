import { Anchor, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { Link, type RouterContextProvider, data } from "react-router";
import { History } from "~/components/admin/history";
import { SectionForm } from "~/components/admin/section-form";
import { formOf, loadSection, useSection, viewOf } from "~/components/admin/section-registry";
import { hiddenFieldsOf } from "~/components/admin/section-view";
import { ErrorPage } from "~/components/error-page";
import { SECTION_SHAPES, type SectionShape, backToList, recordIdOf, recordPath, viewPath } from "~/domain/admin/shapes";
import { labelHistory, labelsOf } from "~/domain/admin/history-labels";
import { errorToasts, successToast } from "~/domain/toast";
import { notFound, requireAdmin } from "~/.server/admin/guard";
import { adminSectionOr404, serverOf } from "~/.server/admin/sections";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { upstreamMessages } from "~/.server/upstream-failure";
import type { Route } from "./+types/admin.section.record";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { back: string; sectionTitle: string; title: string; viewHref: string | null }) => [
    { label: d.sectionTitle, to: d.back },
    ...(d.viewHref ? [{ label: d.title, to: d.viewHref }, { label: "Edit" }] : [{ label: d.title }]),
  ],
};

const FACETS_ONLY = new URLSearchParams({ perPage: "5" });

/**
 * The section and record id of the URL, in the shape spec §2 gives the section (users/:id/edit, roles/:id), and
 * whether it is the record's own page (users/:id: facts, history and actions, no form; issue 20).
 */
async function recordOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { section?: string; id?: string },
) {
  const key = await adminSectionOr404(request, context, params.section);
  const id = recordIdOf(params.id);
  await loadSection(key, true);
  const def = formOf(key);
  const writes = serverOf(key).form;
  if (id === null || !def || !writes) notFound();
  const shape: SectionShape = SECTION_SHAPES[key];
  const wantsEdit = new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/edit");
  const viewing = !wantsEdit && shape.recordUrl === "id/edit" && shape.viewPage === true;
  if (!viewing && wantsEdit !== (shape.recordUrl === "id/edit")) notFound();
  return { key, id, def, writes, viewing };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { key, id, def, writes, viewing } = await recordOf(request, context, params);
  const server = serverOf(key);
  const view = viewOf(key);
  const backParam = new URL(request.url).searchParams.get("back");
  const back = backToList(key, backParam);
  const shape: SectionShape = SECTION_SHAPES[key];
  const withBack = (path: string) => (backParam ? `${path}?back=${encodeURIComponent(back)}` : path);
  // An unknown id is the upstream's 404: the page's 404 (loadWithViewer).
  const [, [found, list]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([server.record(token, id), server.list(token, FACETS_ONLY)]),
  );
  return {
    key,
    back,
    record: found.record,
    history: labelHistory(found.history, labelsOf(def.fields)),
    sectionTitle: view.title,
    title: view.recordTitle(found.record),
    defaultValue: writes.formValues(found.record),
    facets: list.facets as Record<string, Array<{ value: string; label: string }>>,
    viewing,
    /** The form's page, from the record's own page. */
    editHref: viewing ? withBack(recordPath(key, id)) : null,
    /** The record's own page, from its form. */
    viewHref: !viewing && shape.viewPage ? withBack(viewPath(key, id)) : null,
  };
}

/** Save (the form), or another action of the record (intent: a user's password reset). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { key, id, def, writes, viewing } = await recordOf(request, context, params);
  const view = viewOf(key);
  const server = serverOf(key);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  // A secret typed into the form never comes back in the page, whatever fails.
  const form = actionForm(request, context, { schema: def.editSchema, hideFields: hiddenFieldsOf(def.fields) });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const intent = (await form.read()).get("intent");
    const other = typeof intent === "string" && intent !== "save" ? server.intents?.[intent] : undefined;
    if (other) {
      try {
        const { record } = await server.record(viewer.token, id);
        return redirectWithToast(here, [successToast(await other(viewer.token, record))]);
      } catch (error) {
        return redirectWithToast(here, errorToasts(await upstreamMessages(error, viewer.session)));
      }
    }
    // The record's own page has no form: its actions are the intents above.
    if (viewing) return redirectWithToast(here, errorToasts(["This action is not available here."]));
    const parsed = await form.parse(def.editSchema);
    if (parsed.status !== "success") return data(parsed.reply({ hideFields: [...form.hidden] }), { status: 400 });
    await writes.update(viewer.token, id, parsed.value);
    return redirectWithToast(backToList(key, url.searchParams.get("back")), [
      successToast(`Changes to the ${view.singular} saved.`),
    ]);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function AdminSectionRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { key, record, history, title, defaultValue, facets, back, viewing, editHref, viewHref } = loaderData;
  const { view, form: def } = useSection(key, true);
  if (!def) return null;
  const facts = view.recordFacts?.(record) ?? [];
  const summary = facts.length ? (
    <Paper withBorder p="md" component="section" aria-label="Summary">
      <dl className="admin-facts">
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  ) : null;
  if (viewing)
    // The record's own page (users/:id): what the record is, what was done to it, what can be done.
    return (
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1}>{title}</Title>
          {editHref ? (
            <Button component={Link} to={editHref} variant="default">
              Edit {view.singular}
            </Button>
          ) : null}
        </Group>
        <div className="admin-record">
          <div>
            <Stack gap="md">
              {summary}
              {view.recordActions?.(record)}
            </Stack>
          </div>
          <div>
            <History entries={history} />
          </div>
        </div>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <div className="admin-record">
        <div>
          <SectionForm
            schema={def.editSchema}
            fields={[...def.fields, ...(def.editFields?.(record) ?? [])]}
            facets={facets}
            lastResult={actionData}
            defaultValue={defaultValue}
            submitLabel="Save changes"
            cancelHref={back}
          >
            <input type="hidden" name="intent" value="save" />
          </SectionForm>
        </div>
        <div>
          <Stack gap="md">
            {viewHref ? (
              <Anchor component={Link} to={viewHref}>
                The {view.singular}'s page: summary, history and actions
              </Anchor>
            ) : null}
            {summary}
            {view.recordActions?.(record)}
            <History entries={history} />
          </Stack>
        </div>
      </div>
    </Stack>
  );
}
