import { randomUUID } from "node:crypto";
import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Group, Input, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Textarea, Title } from "@mantine/core";
import { useMemo } from "react";
import { Form, Link, data, useLocation, useNavigation } from "react-router";
import { FilesKeptMarker } from "~/components/files-kept-marker";
import { TicketList } from "~/components/ticket-list";
import { TicketView } from "~/components/ticket-view";
import { commissionInquirySchema, ticketEntries } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { ACCEPTED_UPLOAD_TYPES } from "~/domain/uploads";
import { withParam } from "~/domain/url";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { inquiryCarriers, ticketAction, ticketFromUrl } from "~/.server/tickets";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import { createTicket, tickets } from "~/.server/upstream/tickets";
import type { Route } from "./+types/commission_inquiry";
import { ErrorPage } from "~/components/error-page";

export function meta() {
  return [{ title: "Commission Inquiry" }];
}


/**
 * Commission inquiries as tickets (issue 4): an agent opens one about a statement or policy for a
 * carrier (?new), follows the conversation (?ticket=id) and replies; the carrier answers on its side.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const creating = params.has("new");
  const [, [list, current, carriers]] = await loadWithViewer(request, context, (token) =>
    Promise.all([
      tickets(token, "commission_inquiry", params),
      ticketFromUrl(token, params),
      creating ? inquiryCarriers(token) : Promise.resolve(null),
    ]),
  );
  return { ...list, current, carriers, idempotencyKey: creating ? randomUUID() : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("new")) return ticketAction(request, context);

  const form = actionForm(request, context, { read: parseUploadForm, schema: commissionInquirySchema([]) });
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      const formData = await form.read();
      const carriers = await inquiryCarriers(viewer.token);
      const parsed = await form.parse(commissionInquirySchema(carriers.map((c) => c.id)));
      if (parsed.status !== "success") return data({ result: parsed.reply({ hideFields: ["attachment"] }) }, { status: 400 });
      const { carrierId, ...rest } = parsed.value;
      const created = await createTicket(
        viewer.token,
        ticketEntries({ kind: "commission_inquiry", category: "Commissions", carrierId: String(carrierId), ...rest }),
        String(formData.get("idempotencyKey") || randomUUID()),
      );
      return redirectWithToast(`/commission_inquiry?ticket=${created.id}`, [successToast("Your inquiry was sent to the carrier.")]);
    },
    ({ result, status }) => data({ result }, { status }),
  );
}

function NewInquiry({
  carriers,
  idempotencyKey,
  lastResult,
  cancelHref,
}: {
  carriers: Array<{ id: number; name: string }>;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const schema = useMemo(() => commissionInquirySchema(carriers.map((c) => c.id)), [carriers]);
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-inquiry-title">
      <Title order={2} size="h3" id="new-inquiry-title" mb="sm">
        New commission inquiry
      </Title>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <FilesKeptMarker />
        <Stack gap="sm">
          {form.errors?.length ? (
            <Alert color="red" role="alert" id={form.errorId}>
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              name={fields.carrierId.name}
              id={fields.carrierId.id}
              key={fields.carrierId.key}
              defaultValue={(fields.carrierId.initialValue as string | undefined) ?? ""}
              label="Carrier"
              data={[{ value: "", label: "Choose the carrier" }, ...carriers.map((c) => ({ value: String(c.id), label: c.name }))]}
              error={fields.carrierId.errors?.join(" ")}
              errorProps={{ id: fields.carrierId.errorId }}
            />
            <TextInput {...getInputProps(fields.reference, { type: "text" })} key={fields.reference.key} label="Statement or policy number" error={fields.reference.errors?.join(" ")} errorProps={{ id: fields.reference.errorId }} />
          </SimpleGrid>
          <TextInput {...getInputProps(fields.subject, { type: "text" })} key={fields.subject.key} label="Subject" maxLength={120} error={fields.subject.errors?.join(" ")} errorProps={{ id: fields.subject.errorId }} />
          <Textarea {...getInputProps(fields.message, { type: "text" })} key={fields.message.key} label="Question" autosize minRows={4} error={fields.message.errors?.join(" ")} errorProps={{ id: fields.message.errorId }} />
          <Input.Wrapper label="Attachment (optional, image or PDF up to 10 MB)" labelProps={{ htmlFor: fields.attachment.id }} error={fields.attachment.errors?.join(" ")} errorProps={{ id: fields.attachment.errorId }}>
            <input type="file" name={fields.attachment.name} id={fields.attachment.id} accept={ACCEPTED_UPLOAD_TYPES} className="file-input" />
          </Input.Wrapper>
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              Send inquiry
            </Button>
            <Button component={Link} to={cancelHref} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** An unknown or foreign ?ticket= is a 404 shown inside the layout (issue 8 point 10). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function CommissionInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets: rows, meta, current, carriers, idempotencyKey } = loaderData;
  const location = useLocation();
  const listHref = `${location.pathname}${withParam(withParam(location.search, "ticket", null), "new", null)}`;
  return (
    <Stack gap="md">
      <Title order={1}>Commission Inquiry</Title>
      {carriers && idempotencyKey ? (
        <NewInquiry carriers={carriers} idempotencyKey={idempotencyKey} lastResult={actionData?.result} cancelHref={listHref} />
      ) : null}
      {current ? (
        <TicketView ticket={current} action={`${location.pathname}${location.search}`} closeHref={listHref} canClose lastResult={actionData?.result} />
      ) : null}
      <TicketList
        caption="Commission inquiries"
        rows={rows}
        meta={meta}
        inquiries="agent"
        newButton={{ to: "/commission_inquiry?new", label: "New inquiry" }}
        empty="You have no commission inquiries. Ask about a statement or a policy with New inquiry."
      />
    </Stack>
  );
}
