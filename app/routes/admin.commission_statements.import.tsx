import { Group, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { DateField, MonthField } from "~/components/forms/date-field";
import { UploadProgress, sendWithProgress } from "~/components/forms/upload-progress";
import { useUploadToPage } from "~/components/admin/upload-to-page";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { loadWithViewer } from "~/.server/guards";
import { server as statements } from "~/admin/sections/commission_statements/section.server";
import { importStatement } from "~/admin/sections/commission_statements/import.server";
import { MAX_STATEMENT_MB, importSchema } from "~/admin/sections/commission_statements/schemas";
import type { Route } from "./+types/admin.commission_statements.import";

export function meta() {
  return [{ title: "Import a statement · Commission statements · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Commission statements", to: "/admin/commission_statements" }, { label: "Import" }],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, list] = await loadWithViewer(request, context, async (token) =>
    statements.list(token, new URLSearchParams({ perPage: "5" })),
  );
  return { carriers: list.facets.carrier };
}

/** The plain post (no JavaScript): on to the import's page, or the form again with its problem. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await importStatement(request, context);
  return answer.ok ? redirect(answer.to) : data(answer.result, { status: answer.status });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/** Where JavaScript sends the form, to show the upload's progress (admin.commission_statements.import.upload.ts). */
const UPLOAD_URL = "/admin/commission_statements/import/upload";

export default function ImportStatement({ loaderData, actionData }: Route.ComponentProps) {
  const upload = useUploadToPage(UPLOAD_URL, sendWithProgress);
  const { progress } = upload;
  const [form, fields] = usePortalForm(importSchema, {
    lastResult: upload.reply ?? actionData,
    id: "import-statement",
    onSubmit: upload.onSubmit,
  });
  return (
    <Stack gap="md">
      <Title order={1}>Import a statement</Title>
      <Text>
        The carrier&apos;s statement file (CSV, UTF-8, at most {MAX_STATEMENT_MB} MB). Its columns are read with the
        carrier&apos;s remembered mapping; you see every line and its problem before anything is written.
      </Text>
      <PortalForm form={form} method="post" encType="multipart/form-data" className="statement-import-form">
        <Stack gap="sm">
          <FormAlert form={form} />
          <SelectField
            field={fields.carrierId}
            label="Carrier"
            data={[{ value: "", label: "Choose the carrier" }, ...loaderData.carriers]}
          />
          <MonthField field={fields.period} label="Period" description="The month the statement pays, as MM/YYYY" />
          <DateField
            field={fields.carrierStatementDate}
            label="Carrier statement date"
            description="The date on the carrier's statement, as MM/DD/YYYY"
          />
          <FileField field={fields.file} label="Statement file (CSV)" accept=".csv,text/csv" />
          {progress !== null ? (
            <UploadProgress id="import-statement-progress" percent={progress} done="Sent; reading the file…" />
          ) : null}
          <Group>
            <SubmitButton loading={progress !== null}>Read the file</SubmitButton>
            <Link className="anchor" to="/admin/commission_statements">
              Cancel
            </Link>
          </Group>
        </Stack>
      </PortalForm>
    </Stack>
  );
}
