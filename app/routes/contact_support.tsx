import { Paper, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { SubjectCategoryMessageFields } from "~/components/conversation-fields";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { uploadLabel } from "~/domain/uploads";
import { can } from "~/domain/access";
import { supportTicketSchema } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { loadConversationForm, startConversationAction } from "~/.server/conversation-form";
import { redirectWithToast } from "~/.server/toast";
import { createTicket, ticketCategories } from "~/.server/upstream/tickets";
import type { Route } from "./+types/contact_support";

export function meta() {
  return [{ title: "Contact Support" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadConversationForm(request, context, ticketCategories);
}

/** Opens a support ticket; a resubmission (same key) opens it once. An upstream fault keeps the form. */
export async function action({ request, context }: Route.ActionArgs) {
  return startConversationAction(request, context, {
    schema: supportTicketSchema,
    categories: ticketCategories,
    extra: { kind: "support" },
    start: createTicket,
    done: async (created, viewer) => {
      // Users who may not open My Tickets yet (contracting still locked) stay here.
      const to = can(viewer, "myTickets") ? `/my_tickets?ticket=${created.id}` : "/contact_support";
      return redirectWithToast(to, [
        successToast("Your message was sent to support. We will answer you here and by e-mail."),
      ]);
    },
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
            <SubjectCategoryMessageFields fields={fields} categories={loaderData.categories} />
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
