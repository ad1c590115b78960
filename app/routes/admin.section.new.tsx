import { Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { SectionForm } from "~/components/admin/section-form";
import { SECTION_FORMS } from "~/components/admin/section-forms";
import { SECTION_VIEWS } from "~/components/admin/section-views";
import { ErrorPage } from "~/components/error-page";
import { SECTION_SHAPES, type SectionKey, backToList, sectionPath } from "~/domain/admin/shapes";
import { successToast } from "~/domain/toast";
import { notFound, requireAdmin } from "~/.server/admin/guard";
import { SECTION_SERVERS, sectionOr404 } from "~/.server/admin/sections";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import type { Route } from "./+types/admin.section.new";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `New ${SECTION_VIEWS[loaderData.key].singular} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { key: SectionKey; back: string }) => [
    { label: SECTION_VIEWS[d.key].title, to: d.back },
    { label: `New ${SECTION_VIEWS[d.key].singular}` },
  ],
};

/** The section's choices (roles, agencies, carriers) come with one small page of its list. */
const FACETS_ONLY = new URLSearchParams({ perPage: "5" });

/** The section of the URL when it has a new page, with its form's two halves; or the 404 page. */
function sectionWithNewPage(raw: string | undefined) {
  const key = sectionOr404(raw);
  const def = SECTION_FORMS[key];
  const writes = SECTION_SERVERS[key].form;
  if (!SECTION_SHAPES[key].creatable || !def || !writes) notFound();
  return { key, def, writes };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { key } = sectionWithNewPage(params.section);
  const back = backToList(key, new URL(request.url).searchParams.get("back"));
  const [, list] = await loadWithViewer(request, context, (token) => SECTION_SERVERS[key].list(token, FACETS_ONLY));
  return { key, back, facets: list.facets as Record<string, Array<{ value: string; label: string }>> };
}

/** Checked here with the form's schema, then by the upstream (its refusals at their fields); back to the list. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { key, def, writes } = sectionWithNewPage(params.section);
  const form = actionForm(request, context, { schema: def.newSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(def.newSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    await writes.create(viewer.token, parsed.value);
    const back = backToList(key, new URL(request.url).searchParams.get("back"));
    return redirectWithToast(back, [successToast(def.createdText(parsed.value as Record<string, unknown>))]);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function AdminSectionNew({ loaderData, actionData }: Route.ComponentProps) {
  const view = SECTION_VIEWS[loaderData.key];
  const def = SECTION_FORMS[loaderData.key];
  if (!def) return null;
  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1}>New {view.singular}</Title>
        {def.newIntro ? (
          <Text c="dimmed" mt={4}>
            {def.newIntro}
          </Text>
        ) : null}
      </div>
      <SectionForm
        schema={def.newSchema}
        fields={def.fields}
        facets={loaderData.facets}
        lastResult={actionData}
        submitLabel={`Create ${view.singular}`}
        cancelHref={loaderData.back || sectionPath(loaderData.key)}
      />
    </Stack>
  );
}
