import { Group, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { UNREADABLE_FORM } from "~/.server/forms";
import { server as statements } from "~/admin/sections/commission_statements/section.server";
import { uploadStatement } from "~/admin/sections/commission_statements/statements.server";
import { MultipartStreamError, streamedUpload } from "~/.server/multipart-stream";
import {
  CHOOSE_STATEMENT_FILE,
  MAX_STATEMENT_MB,
  importFactsSchema,
  importSchema,
} from "~/admin/sections/commission_statements/schemas";
import type { Route } from "./+types/admin.commission_statements.import";

export function meta() {
  return [{ title: "Import a statement · Commission statements · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Commission statements", to: "/admin/commission_statements" }, { label: "Import" }],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, list] = await loadWithViewer(request, context, (token) =>
    statements.list(token, new URLSearchParams({ perPage: "5" })),
  );
  return { carriers: list.facets.carrier };
}

/**
 * The upload (issue 23 §1): the browser's multipart form is read as a stream — the facts first, then the file,
 * whose bytes go on to the upstream as they arrive (statements.server.ts uploadStatement), never held whole; the
 * portal's server caps the body (server/request-handler.ts, 50 MB and a little). Then the import's page: its preview,
 * or why it was refused (a file imported before, one that is not a statement).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const upload = streamedUpload(["carrierId", "period", "carrierStatementDate"], (fields, fileName, content) => {
    const facts = importFactsSchema.safeParse(Object.fromEntries(fields.entries()));
    return facts.success ? uploadStatement(viewer.token, { ...facts.data, fileName }, content) : null;
  });
  const read = async (req: Request): Promise<FormData> => {
    try {
      return await upload.read(req);
    } catch (error) {
      if (error instanceof MultipartStreamError) throw data({ messages: [UNREADABLE_FORM] }, { status: 400 });
      throw error;
    }
  };
  const { outcome } = upload;
  const form = actionForm(request, context, { read, hideFields: ["file"] });
  return form.answer(async () => {
    const parsed = await form.parse(importFactsSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    if (!outcome.upload) {
      return data(
        parsed.reply({ fieldErrors: { file: [outcome.fileMissing ? CHOOSE_STATEMENT_FILE : UNREADABLE_FORM] } }),
        {
          status: 400,
        },
      );
    }
    const { importId } = await outcome.upload;
    return redirect(`/admin/commission_statements/imports/${importId}`);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function ImportStatement({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePortalForm(importSchema, { lastResult: actionData, id: "import-statement" });
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
          <TextField field={fields.period} label="Period" description="The month the statement pays, as YYYY-MM" />
          <TextField
            field={fields.carrierStatementDate}
            label="Carrier statement date"
            description="The date on the carrier's statement, as YYYY-MM-DD"
          />
          <FileField field={fields.file} label="Statement file (CSV)" accept=".csv,text/csv" />
          <Group>
            <SubmitButton>Read the file</SubmitButton>
            <Link className="anchor" to="/admin/commission_statements">
              Cancel
            </Link>
          </Group>
        </Stack>
      </PortalForm>
    </Stack>
  );
}
