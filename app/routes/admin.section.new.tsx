import { Stack, Text, Title } from "@mantine/core";
import { type RouterContextProvider, data } from "react-router";
import { SectionForm } from "~/components/admin/section-form";
import { formOf, loadSection, useSection, viewOf } from "~/components/admin/section-registry";
import { hiddenFieldsOf } from "~/components/admin/section-view";
import { ErrorPage } from "~/components/error-page";
import { SECTION_SHAPES } from "~/domain/admin/shapes";
import { backToList, sectionPath } from "~/domain/admin/section-shape";
import { successToast } from "~/domain/toast";
import { notFound, requireAdmin } from "~/.server/admin/guard";
import { adminSectionOr404, serverOf } from "~/.server/admin/sections";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import type { Route } from "./+types/admin.section.new";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `New ${loaderData.singular} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { back: string; sectionTitle: string; singular: string }) => [
    { label: d.sectionTitle, to: d.back },
    { label: `New ${d.singular}` },
  ],
};

/** The section's choices (roles, agencies, carriers) come with one small page of its list. */
const FACETS_ONLY = new URLSearchParams({ perPage: "5" });

/** The section of the URL when it has a new page, with its form's two halves; or the 404 page. */
async function sectionWithNewPage(request: Request, context: Readonly<RouterContextProvider>, raw: string | undefined) {
  const key = await adminSectionOr404(request, context, raw);
  await loadSection(key, true);
  const def = formOf(key);
  const writes = serverOf(key).form;
  if (!SECTION_SHAPES[key].creatable || !def || !writes) notFound();
  return { key, def, writes };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { key } = await sectionWithNewPage(request, context, params.section);
  const back = backToList(key, new URL(request.url).searchParams.get("back"));
  const [, list] = await loadWithViewer(request, context, async (token) => serverOf(key).list(token, FACETS_ONLY));
  const { title: sectionTitle, singular } = viewOf(key);
  return {
    key,
    back,
    sectionTitle,
    singular,
    facets: list.facets as Record<string, Array<{ value: string; label: string }>>,
  };
}

/** Checked here with the form's schema, then by the upstream (its refusals at their fields); back to the list. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { key, def, writes } = await sectionWithNewPage(request, context, params.section);
  // A secret typed into the form never comes back in the page, whatever fails.
  const form = actionForm(request, context, { schema: def.newSchema, hideFields: hiddenFieldsOf(def.fields) });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(def.newSchema);
    if (parsed.status !== "success") return data(parsed.reply({ hideFields: [...form.hidden] }), { status: 400 });
    await writes.create(viewer.token, parsed.value);
    const back = backToList(key, new URL(request.url).searchParams.get("back"));
    return redirectWithToast(back, [successToast(def.createdText(parsed.value as Record<string, unknown>))]);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function AdminSectionNew({ loaderData, actionData }: Route.ComponentProps) {
  const { view, form: def } = useSection(loaderData.key, true);
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
