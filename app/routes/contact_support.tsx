import { randomUUID } from "node:crypto";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Input, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useMemo } from "react";
import { Form, data, useNavigation } from "react-router";
import { FilesKeptMarker } from "~/components/files-kept-marker";
import { can } from "~/domain/access";
import { supportTicketSchema, ticketEntries } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { ACCEPTED_UPLOAD_TYPES } from "~/domain/uploads";
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
    return redirectWithToast(to, [successToast("Your message was sent to support. We will answer you here and by e-mail.")]);
  });
}

export default function ContactSupport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const schema = useMemo(() => supportTicketSchema(loaderData.categories), [loaderData.categories]);
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Contact Support</Title>
      <Text c="dimmed">Tell us what you need. Attach a screenshot or document if it helps.</Text>
      <Paper withBorder p="md">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <FilesKeptMarker />
          <Stack gap="sm">
            {form.errors?.length ? (
              <Alert color="red" role="alert" id={form.errorId}>
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <TextInput {...getInputProps(fields.subject, { type: "text" })} key={fields.subject.key} label="Subject" maxLength={120} error={fields.subject.errors?.join(" ")} errorProps={{ id: fields.subject.errorId }} />
            <NativeSelect
              name={fields.category.name}
              id={fields.category.id}
              key={fields.category.key}
              defaultValue={(fields.category.initialValue as string | undefined) ?? ""}
              label="Category"
              data={[{ value: "", label: "Choose a category" }, ...loaderData.categories]}
              error={fields.category.errors?.join(" ")}
              errorProps={{ id: fields.category.errorId }}
            />
            <Textarea {...getInputProps(fields.message, { type: "text" })} key={fields.message.key} label="Message" autosize minRows={5} error={fields.message.errors?.join(" ")} errorProps={{ id: fields.message.errorId }} />
            <Input.Wrapper label="Attachment (optional, image or PDF up to 10 MB)" labelProps={{ htmlFor: fields.attachment.id }} error={fields.attachment.errors?.join(" ")} errorProps={{ id: fields.attachment.errorId }}>
              <input type="file" name={fields.attachment.name} id={fields.attachment.id} accept={ACCEPTED_UPLOAD_TYPES} className="file-input" />
            </Input.Wrapper>
            <div>
              <Button type="submit" loading={navigation.state === "submitting"}>
                Send
              </Button>
            </div>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
