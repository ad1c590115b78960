import { Group, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { UploadProgress, sendWithProgress } from "~/components/forms/upload-progress";
import { useUploadToPage } from "~/components/admin/upload-to-page";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { loadWithViewer } from "~/.server/guards";
import { server as carrierImports } from "~/admin/sections/carrier_imports/section.server";
import { uploadCarrierImport } from "~/admin/sections/carrier_imports/upload.server";
import { CARRIER_IMPORT_KINDS, CARRIER_IMPORT_KIND_LABELS } from "~/admin/sections/carrier_imports/records";
import { MAX_CARRIER_FILE_MB, uploadSchema } from "~/admin/sections/carrier_imports/schemas";
import type { Route } from "./+types/admin.carrier_imports.upload";

export function meta() {
  return [{ title: "Upload a carrier's file · Carrier imports · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Carrier imports", to: "/admin/carrier_imports" }, { label: "Upload" }],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, list] = await loadWithViewer(request, context, async (token) =>
    carrierImports.list(token, new URLSearchParams({ perPage: "5" })),
  );
  return { carriers: list.facets.carrier };
}

/**
 * The plain post (no JavaScript; issue 24 §1): the form read as a stream, the file's bytes going on to the upstream
 * as they arrive (uploadCarrierImport). Then the import's page — its preview, or why it was refused (a file imported
 * before, one that cannot be read) — or the form again with its problem.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await uploadCarrierImport(request, context);
  return answer.ok ? redirect(answer.to) : data(answer.result, { status: answer.status });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/** Where JavaScript sends the form, to show the upload's progress (admin.carrier_imports.upload.send.ts). */
const UPLOAD_URL = "/admin/carrier_imports/upload/send";

export default function UploadCarrierFile({ loaderData, actionData }: Route.ComponentProps) {
  const upload = useUploadToPage(UPLOAD_URL, sendWithProgress);
  const { progress } = upload;
  const [form, fields] = usePortalForm(uploadSchema, {
    lastResult: upload.reply ?? actionData,
    id: "carrier-upload",
    onSubmit: upload.onSubmit,
  });
  return (
    <Stack gap="md">
      <Title order={1}>Upload a carrier&apos;s file</Title>
      <Text>
        A carrier&apos;s file (CSV, UTF-8, at most {MAX_CARRIER_FILE_MB} MB). Its columns are read with the mapping
        remembered for the carrier and kind; you see every row and its problem before anything is written.
      </Text>
      <PortalForm form={form} method="post" encType="multipart/form-data">
        <Stack gap="sm">
          <FormAlert form={form} />
          <SelectField
            field={fields.carrierId}
            label="Carrier"
            data={[{ value: "", label: "Choose the carrier" }, ...loaderData.carriers]}
          />
          <SelectField
            field={fields.kind}
            label="What the file holds"
            data={[
              { value: "", label: "Choose the kind" },
              ...CARRIER_IMPORT_KINDS.map((k) => ({ value: k, label: CARRIER_IMPORT_KIND_LABELS[k] })),
            ]}
          />
          <FileField field={fields.file} label="Carrier's file (CSV)" accept=".csv,text/csv" />
          {progress !== null ? (
            <UploadProgress id="carrier-upload-progress" percent={progress} done="Sent; reading the file…" />
          ) : null}
          <Group>
            <SubmitButton loading={progress !== null}>Read the file</SubmitButton>
            <Link className="anchor" to="/admin/carrier_imports">
              Cancel
            </Link>
          </Group>
        </Stack>
      </PortalForm>
    </Stack>
  );
}
