import { Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { SectionForm } from "~/components/admin/section-form";
import { ErrorPage } from "~/components/error-page";
import { successToast } from "~/domain/toast";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { BUILD_FIELDS } from "~/admin/sections/carrier_exports/build-form";
import { ExportsNav } from "~/admin/sections/carrier_exports/nav";
import { EXPORT_KIND_LABELS } from "~/admin/sections/carrier_exports/records";
import { buildSchema } from "~/admin/sections/carrier_exports/schemas";
import { buildCarrierExport, carrierExportSchedules } from "~/admin/sections/carrier_exports/section.server";
import type { Route } from "./+types/admin.carrier_exports.new";

export function meta() {
  return [{ title: "Build now · Carrier exports · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Carrier exports", to: "/admin/carrier_exports" }, { label: "Build now" }],
};

/** "Build now" (issue 24 §2): an active carrier and a kind of file; built at once, then its own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [, { schedules }] = await loadWithViewer(request, context, async (token) => carrierExportSchedules(token));
  const carrier = schedules
    .filter((s) => s.carrier.active)
    .map((s) => ({ value: String(s.carrier.id), label: s.carrier.name }));
  return { facets: { carrier } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: buildSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(buildSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const record = await buildCarrierExport(viewer.token, parsed.value);
    const rows = record.rowCount === 1 ? "1 row" : `${record.rowCount.toLocaleString("en-US")} rows`;
    return redirectWithToast(`/admin/carrier_exports/${record.id}`, [
      successToast(`${record.carrier.name}'s ${EXPORT_KIND_LABELS[record.kind].toLowerCase()} file built: ${rows}.`),
    ]);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function BuildCarrierExport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1}>Build a file now</Title>
        <Text c="dimmed" mt={4}>
          The file is built at once and joins the history, where it can be downloaded and sent to the carrier.
        </Text>
      </div>
      <ExportsNav current="Build now" />
      <SectionForm
        schema={buildSchema}
        fields={BUILD_FIELDS}
        facets={loaderData.facets}
        lastResult={actionData}
        submitLabel="Build now"
        cancelHref="/admin/carrier_exports"
      />
    </Stack>
  );
}
