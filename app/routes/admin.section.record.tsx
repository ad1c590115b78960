import { Paper, Stack, Title } from "@mantine/core";
import { data } from "react-router";
import { History } from "~/components/admin/history";
import { SectionForm } from "~/components/admin/section-form";
import { SECTION_FORMS } from "~/components/admin/section-forms";
import { SECTION_VIEWS } from "~/components/admin/section-views";
import { ErrorPage } from "~/components/error-page";
import { SECTION_SHAPES, type SectionKey, backToList, recordIdOf } from "~/domain/admin/shapes";
import { errorToasts, successToast } from "~/domain/toast";
import { notFound, requireAdmin } from "~/.server/admin/guard";
import { SECTION_SERVERS, sectionOr404 } from "~/.server/admin/sections";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { upstreamMessages } from "~/.server/upstream-failure";
import type { Route } from "./+types/admin.section.record";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { key: SectionKey; back: string; title: string }) => [
    { label: SECTION_VIEWS[d.key].title, to: d.back },
    { label: d.title },
  ],
};

const FACETS_ONLY = new URLSearchParams({ perPage: "5" });

/** The section and record id of the URL, in the shape spec §2 gives the section (users/:id/edit, roles/:id). */
function recordOf(request: Request, params: { section?: string; id?: string }) {
  const key = sectionOr404(params.section);
  const id = recordIdOf(params.id);
  const def = SECTION_FORMS[key];
  const writes = SECTION_SERVERS[key].form;
  if (id === null || !def || !writes) notFound();
  const wantsEdit = new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/edit");
  if (wantsEdit !== (SECTION_SHAPES[key].recordUrl === "id/edit")) notFound();
  return { key, id, def, writes };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { key, id, writes } = recordOf(request, params);
  const server = SECTION_SERVERS[key];
  const back = backToList(key, new URL(request.url).searchParams.get("back"));
  // An unknown id is the upstream's 404: the page's 404 (loadWithViewer).
  const [, [found, list]] = await loadWithViewer(request, context, (token) =>
    Promise.all([server.record(token, id), server.list(token, FACETS_ONLY)]),
  );
  return {
    key,
    back,
    record: found.record,
    history: found.history,
    title: SECTION_VIEWS[key].recordTitle(found.record),
    defaultValue: writes.formValues(found.record),
    facets: list.facets as Record<string, Array<{ value: string; label: string }>>,
  };
}

/** Save (the form), or another action of the record (intent: a user's password reset). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { key, id, def, writes } = recordOf(request, params);
  const view = SECTION_VIEWS[key];
  const server = SECTION_SERVERS[key];
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const form = actionForm(request, context, { schema: def.editSchema });
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
    const parsed = await form.parse(def.editSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
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
  const { key, record, history, title, defaultValue, facets, back } = loaderData;
  const view = SECTION_VIEWS[key];
  const def = SECTION_FORMS[key];
  if (!def) return null;
  const facts = view.recordFacts?.(record) ?? [];
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
            {facts.length ? (
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
            ) : null}
            {view.recordActions?.(record)}
            <History entries={history} />
          </Stack>
        </div>
      </div>
    </Stack>
  );
}
