import { randomUUID } from "node:crypto";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { data } from "react-router";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { uploadLabel } from "~/domain/uploads";
import { can } from "~/domain/access";
import { supportTicketSchema, ticketEntries } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import { createTicket, ticketCategories } from "~/.server/upstream/tickets";
import type { Route } from "./+types/contact_support";

export function meta() {
  return [{ title: "Contact Support" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, categories] = await loadWithViewer(request, context, ticketCategories);
  return { categories, idempotencyKey: randomUUID() };
}

/** Opens a support ticket; a resubmission (same key) opens it once. An upstream fault keeps the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { read: parseUploadForm, schema: supportTicketSchema([]) });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    const formData = await form.read();
    const categories = await ticketCategories(viewer.token);
    const parsed = await form.parse(supportTicketSchema(categories));
    if (parsed.status !== "success") return data(parsed.reply({ hideFields: ["attachment"] }), { status: 400 });
    const created = await createTicket(
      viewer.token,
      ticketEntries({ kind: "support", ...parsed.value }),
      String(formData.get("idempotencyKey") || randomUUID()),
    );
    // Users who may not open My Tickets yet (contracting still locked) stay here.
    const to = can(viewer, "myTickets") ? `/my_tickets?ticket=${created.id}` : "/contact_support";
    return redirectWithToast(to, [
      successToast("Your message was sent to support. We will answer you here and by e-mail."),
    ]);
  });
}

export default function ContactSupport({ loaderData, actionData }: Route.ComponentProps) {
  const schema = useMemo(() => supportTicketSchema(loaderData.categories), [loaderData.categories]);
  const [form, fields] = usePortalForm(schema, { lastResult: actionData });
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Contact Support</Title>
      <Text c="dimmed">Tell us what you need. Attach a screenshot or document if it helps.</Text>
      <Paper withBorder p="md">
        <PortalForm form={form} encType="multipart/form-data">
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <Stack gap="sm">
            <FormAlert form={form} />
            <TextField field={fields.subject} label="Subject" maxLength={120} />
            <SelectField
              field={fields.category}
              label="Category"
              data={[{ value: "", label: "Choose a category" }, ...loaderData.categories]}
            />
            <TextareaField field={fields.message} label="Message" autosize minRows={5} />
            <FileField field={fields.attachment} label={uploadLabel("Attachment", { optional: true })} />
            <div>
              <SubmitButton>Send</SubmitButton>
            </div>
          </Stack>
        </PortalForm>
      </Paper>
    </Stack>
  );
}
