import { Group, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { UNREADABLE_FORM } from "~/.server/forms";
import { MultipartStreamError, streamedUpload } from "~/.server/multipart-stream";
import { server as carrierImports } from "~/admin/sections/carrier_imports/section.server";
import { uploadCarrierFile } from "~/admin/sections/carrier_imports/imports.server";
import { CARRIER_IMPORT_KINDS, CARRIER_IMPORT_KIND_LABELS } from "~/admin/sections/carrier_imports/records";
import {
  CHOOSE_CARRIER_FILE,
  MAX_CARRIER_FILE_MB,
  uploadFactsSchema,
  uploadSchema,
} from "~/admin/sections/carrier_imports/schemas";
import type { Route } from "./+types/admin.carrier_imports.upload";

export function meta() {
  return [{ title: "Upload a carrier's file · Carrier imports · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Carrier imports", to: "/admin/carrier_imports" }, { label: "Upload" }],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, list] = await loadWithViewer(request, context, (token) =>
    carrierImports.list(token, new URLSearchParams({ perPage: "5" })),
  );
  return { carriers: list.facets.carrier };
}

/**
 * The upload (issue 24 §1): the browser's multipart form read as a stream — the carrier and kind first, then the
 * file, whose bytes go on to the upstream as they arrive (the shared streamedUpload and uploadFile), never held
 * whole; the portal's server caps the body (server/request-handler.ts). Then the import's page: its preview, or why it
 * was refused (a file imported before, one that cannot be read).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const upload = streamedUpload(["carrierId", "kind"], (fields, fileName, content) => {
    const facts = uploadFactsSchema.safeParse(Object.fromEntries(fields.entries()));
    return facts.success ? uploadCarrierFile(viewer.token, { ...facts.data, fileName }, content) : null;
  });
  const read = async (req: Request): Promise<FormData> => {
    try {
      return await upload.read(req);
    } catch (error) {
      if (error instanceof MultipartStreamError) throw data({ messages: [UNREADABLE_FORM] }, { status: 400 });
      throw error;
    }
  };
  const form = actionForm(request, context, { read, hideFields: ["file"] });
  return form.answer(async () => {
    const parsed = await form.parse(uploadFactsSchema);
    // Without JavaScript the browser checked nothing: a missing file is said with the other fields' errors.
    const fileError: Record<string, string[]> = upload.outcome.fileMissing ? { file: [CHOOSE_CARRIER_FILE] } : {};
    if (parsed.status !== "success") return data(parsed.reply({ fieldErrors: fileError }), { status: 400 });
    const started = upload.outcome.upload;
    if (!started) {
      const message = upload.outcome.fileMissing ? CHOOSE_CARRIER_FILE : UNREADABLE_FORM;
      return data(parsed.reply({ fieldErrors: { file: [message] } }), { status: 400 });
    }
    const { importId } = await started;
    return redirect(`/admin/carrier_imports/${importId}`);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function UploadCarrierFile({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePortalForm(uploadSchema, { lastResult: actionData, id: "carrier-upload" });
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
          <Group>
            <SubmitButton>Read the file</SubmitButton>
            <Link className="anchor" to="/admin/carrier_imports">
              Cancel
            </Link>
          </Group>
        </Stack>
      </PortalForm>
    </Stack>
  );
}
