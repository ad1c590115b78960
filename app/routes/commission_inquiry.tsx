import { randomUUID } from "node:crypto";
import { Button, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { useMemo } from "react";
import { Link, data, useLocation } from "react-router";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { uploadLabel } from "~/domain/uploads";
import { TICKET_SORTABLE, TicketList } from "~/components/ticket-list";
import { listQueryFrom } from "~/domain/list-query";
import { TicketView } from "~/components/ticket-view";
import { type InquiryPrefill, inquiryPrefillOf } from "~/domain/inquiry-prefill";
import { commissionInquirySchema, ticketEntries } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { withParam } from "~/domain/url";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { inquiryCarriers, ticketAction, ticketFromUrl } from "~/.server/tickets";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import { createTicket, tickets } from "~/.server/upstream/tickets";
import { listRead } from "~/.server/upstream-failure";
import type { Route } from "./+types/commission_inquiry";
import { ErrorPage } from "~/components/error-page";

export function meta() {
  return [{ title: "Commission Inquiry" }];
}

/**
 * Commission inquiries as tickets (issue 4): an agent opens one about a statement or policy for a
 * carrier (?new), follows the conversation (?ticket=id) and replies; the carrier answers on its side.
 * A new one may come pre-filled from the reconciliation (issue 25 §3: ?new&carrierId&policy&period&difference,
 * app/domain/inquiry-prefill.ts): each value checked on its own, a malformed or unknown one left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const creating = params.has("new");
  const { params: listParams, ignored } = listQueryFrom(params, { sortable: TICKET_SORTABLE });
  const [, [list, current, carriers]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      listRead(tickets(token, "commission_inquiry", listParams), url.pathname),
      ticketFromUrl(token, params),
      creating ? inquiryCarriers(token) : Promise.resolve(null),
    ]),
  );
  const prefill = carriers
    ? inquiryPrefillOf(
        params,
        carriers.map((c) => c.id),
      )
    : null;
  return { ...list, current, carriers, prefill, ignored, idempotencyKey: creating ? randomUUID() : null };
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
      if (parsed.status !== "success")
        return data({ result: parsed.reply({ hideFields: ["attachment"] }) }, { status: 400 });
      const { carrierId, ...rest } = parsed.value;
      const created = await createTicket(
        viewer.token,
        ticketEntries({ kind: "commission_inquiry", category: "Commissions", carrierId: String(carrierId), ...rest }),
        String(formData.get("idempotencyKey") || randomUUID()),
      );
      return redirectWithToast(`/commission_inquiry?ticket=${created.id}`, [
        successToast("Your inquiry was sent to the carrier."),
      ]);
    },
    ({ result, status }) => data({ result }, { status }),
  );
}

function NewInquiry({
  carriers,
  idempotencyKey,
  lastResult,
  cancelHref,
  prefill,
}: {
  carriers: Array<{ id: number; name: string }>;
  idempotencyKey: string;
  lastResult: FormResult;
  cancelHref: string;
  prefill: InquiryPrefill | null;
}) {
  const schema = useMemo(() => commissionInquirySchema(carriers.map((c) => c.id)), [carriers]);
  const defaultValue = prefill
    ? {
        carrierId: prefill.carrierId === undefined ? undefined : String(prefill.carrierId),
        reference: prefill.reference,
        subject: prefill.subject,
        message: prefill.message,
      }
    : undefined;
  const [form, fields] = usePortalForm(schema, { lastResult, defaultValue });
  const carrierOptions = [
    { value: "", label: "Choose the carrier" },
    ...carriers.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-inquiry-title">
      <Title order={2} size="h3" id="new-inquiry-title" mb="sm">
        New commission inquiry
      </Title>
      <PortalForm form={form} encType="multipart/form-data">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Stack gap="sm">
          <FormAlert form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField field={fields.carrierId} label="Carrier" data={carrierOptions} />
            <TextField field={fields.reference} label="Statement or policy number" />
          </SimpleGrid>
          <TextField field={fields.subject} label="Subject" maxLength={120} />
          <TextareaField field={fields.message} label="Question" autosize minRows={4} />
          <FileField field={fields.attachment} label={uploadLabel("Attachment", { optional: true })} />
          <Group>
            <SubmitButton>Send inquiry</SubmitButton>
            <Button component={Link} to={cancelHref} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

/** An unknown or foreign ?ticket= is a 404 shown inside the layout (issue 8 point 10). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function CommissionInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets: rows, meta, current, carriers, prefill, idempotencyKey, ignored } = loaderData;
  const location = useLocation();
  // The list without the open ticket, the new form or its pre-filled values.
  const listSearch = ["ticket", "new", "carrierId", "policy", "period", "difference"].reduce(
    (search, key) => withParam(search, key, null),
    location.search,
  );
  const listHref = `${location.pathname}${listSearch}`;
  return (
    <Stack gap="md">
      <Title order={1}>Commission Inquiry</Title>
      {carriers && idempotencyKey ? (
        <NewInquiry
          carriers={carriers}
          idempotencyKey={idempotencyKey}
          lastResult={actionData?.result}
          cancelHref={listHref}
          prefill={prefill}
        />
      ) : null}
      {current ? (
        <TicketView
          ticket={current}
          action={`${location.pathname}${location.search}`}
          closeHref={listHref}
          canClose
          lastResult={actionData?.result}
        />
      ) : null}
      <TicketList
        caption="Commission inquiries"
        rows={rows}
        meta={meta}
        ignored={ignored}
        inquiries="agent"
        newButton={{ to: "/commission_inquiry?new", label: "New inquiry" }}
        empty="You have no commission inquiries. Ask about a statement or a policy with New inquiry."
        noMatch="No commission inquiries match this search."
      />
    </Stack>
  );
}
