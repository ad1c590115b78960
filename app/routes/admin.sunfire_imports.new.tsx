import { Group, List, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { UploadProgress, sendWithProgress } from "~/components/forms/upload-progress";
import { useUploadToPage } from "~/components/admin/upload-to-page";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { requireAdmin } from "~/.server/admin/guard";
import { uploadSunfireExport } from "~/admin/sections/sunfire_imports/imports.server";
import { SUNFIRE_COLUMNS, SUNFIRE_REQUIRED_FIELDS } from "~/admin/sections/sunfire_imports/records";
import { MAX_SUNFIRE_FILE_MB, uploadSchema } from "~/admin/sections/sunfire_imports/schemas";
import type { Route } from "./+types/admin.sunfire_imports.new";

export function meta() {
  return [{ title: "Upload a Sunfire export · Sunfire imports · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Sunfire imports", to: "/admin/sunfire_imports" }, { label: "Upload" }],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // Data, so that the breadcrumbs are drawn (a route without data adds none).
  return { page: "upload" as const };
}

/** The plain post (no JavaScript): on to the import's page, or the form again with its problem. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await uploadSunfireExport(request, context);
  return answer.ok ? redirect(answer.to) : data(answer.result, { status: answer.status });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/** Where JavaScript sends the form, to show the upload's progress (admin.sunfire_imports.new.upload.ts). */
const UPLOAD_URL = "/admin/sunfire_imports/new/upload";

export default function UploadSunfireExport({ actionData }: Route.ComponentProps) {
  const upload = useUploadToPage(UPLOAD_URL, sendWithProgress);
  const { progress } = upload;
  const [form, fields] = usePortalForm(uploadSchema, {
    lastResult: upload.reply ?? actionData,
    id: "sunfire-upload",
    onSubmit: upload.onSubmit,
  });
  return (
    <Stack gap="md">
      <Title order={1}>Upload a Sunfire export</Title>
      <Text>
        The quote tool&apos;s enrollment export (CSV, UTF-8, at most {MAX_SUNFIRE_FILE_MB} MB). You see every row — its
        agent, its client and its problem — before anything is written.
      </Text>
      <details>
        <summary>The columns the file needs</summary>
        <List size="sm" mt="xs">
          {SUNFIRE_REQUIRED_FIELDS.map((f) => (
            <List.Item key={f}>{SUNFIRE_COLUMNS[f]}</List.Item>
          ))}
        </List>
        <Text size="sm" mt="xs">
          And, to match clients: {SUNFIRE_COLUMNS.clientId}, {SUNFIRE_COLUMNS.email} with {SUNFIRE_COLUMNS.dateOfBirth},{" "}
          {SUNFIRE_COLUMNS.medicareId}, {SUNFIRE_COLUMNS.phone}. Carrier and plan names must be the portal&apos;s
          exactly.
        </Text>
      </details>
      <PortalForm form={form} method="post" encType="multipart/form-data">
        <Stack gap="sm">
          <FormAlert form={form} />
          <FileField field={fields.file} label="Sunfire export (CSV)" accept=".csv,text/csv" />
          {progress !== null ? (
            <UploadProgress id="sunfire-upload-progress" percent={progress} done="Sent; reading the file…" />
          ) : null}
          <Group>
            <SubmitButton loading={progress !== null}>Read the file</SubmitButton>
            <Link className="anchor" to="/admin/sunfire_imports">
              Cancel
            </Link>
          </Group>
        </Stack>
      </PortalForm>
    </Stack>
  );
}
