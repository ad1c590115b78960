import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { successToast } from "~/domain/toast";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { emailRecipients, sendEmailMessage } from "~/admin/sections/email_communications/calls.server";
import {
  CONTRACT_CHOICES,
  DOCUMENT_CHOICES,
  MESSAGE_CAP,
  messageSchema,
} from "~/admin/sections/email_communications/schemas";
import { EMAIL_BASE, EmailNav } from "~/admin/sections/email_communications/nav";
import type { Route } from "./+types/admin.email_communications.message";

export function meta() {
  return [{ title: "Message users · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "E-mail communications", to: EMAIL_BASE }, { label: "Message users" }],
};

const NO_FILTER = { roleId: null, agencyId: null, documents: null, contracts: null };

/** The choices a count was made for, as the form carries them back with Send (a changed choice is counted again). */
function countedFor(filter: { roleId?: unknown; agencyId?: unknown; documents?: unknown; contracts?: unknown }) {
  return JSON.stringify([
    filter.roleId ?? null,
    filter.agencyId ?? null,
    filter.documents ?? null,
    filter.contracts ?? null,
  ]);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, everyone] = await loadWithViewer(request, context, async (token) => emailRecipients(token, NO_FILTER));
  // One key per composed message: a double submit of Send sends it once (the upstream replays the first answer).
  return { facets: everyone.facets, everyone: everyone.recipients, idempotencyKey: crypto.randomUUID() };
}

/**
 * First submit (intent=count): how many users the filter chooses; nothing is sent. Second (intent=send, with the
 * count shown): the message, which the upstream refuses when the count is no longer that (409) or over the cap.
 * A Send whose choices are not those counted (changed after the count) is counted again, not sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: messageSchema });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(messageSchema);
      if (parsed.status !== "success")
        return data({ result: parsed.reply(), recipients: null, changed: false }, { status: 400 });
      const { subject, body, recipients, ...filter } = parsed.value;
      const sent = await form.read();
      const changed = sent.get("intent") === "send" && sent.get("countedFor") !== countedFor(filter);
      if (sent.get("intent") !== "send" || recipients == null || changed) {
        const counted = await emailRecipients(viewer.token, filter);
        return { result: parsed.reply(), recipients: counted.recipients, changed, countedFor: countedFor(filter) };
      }
      const key = String(sent.get("idempotencyKey") ?? "");
      const { record } = await sendEmailMessage(
        viewer.token,
        { subject, body, recipients, ...filter },
        /^[\w-]{1,100}$/.test(key) ? key : crypto.randomUUID(),
      );
      return redirectWithToast(`${EMAIL_BASE}/log?messageId=${record.id}`, [
        successToast(
          `Message queued for ${record.recipientCount} ${record.recipientCount === 1 ? "user" : "users"}. Below: each one as it goes out.`,
        ),
      ]);
    },
    (failure) => data({ result: failure.result, recipients: null, changed: false }, { status: failure.status }),
  );
}

function recipientsText(n: number) {
  return `This message will go to ${n} ${n === 1 ? "user" : "users"}.`;
}

export default function EmailMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { facets, everyone, idempotencyKey } = loaderData;
  const lastResult: FormResult = actionData?.result;
  const recipients = actionData?.recipients ?? null;
  const [form, fields] = usePortalForm(messageSchema, { lastResult, constraint: true });
  const sendable = recipients != null && recipients > 0 && recipients <= MESSAGE_CAP;
  const counted = actionData && "countedFor" in actionData ? actionData.countedFor : "";
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>E-mail communications</Title>
        <Text c="dimmed" mt={4}>
          A message to the active users you choose ({everyone} in all). Count them first: nothing is sent until you
          confirm the count.
        </Text>
      </div>
      <EmailNav current="Message users" />
      <Paper withBorder p="md">
        <PortalForm form={form}>
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <Stack gap="sm">
            <FormAlert form={form} />
            <TextField field={fields.subject} label="Subject" />
            <TextareaField
              field={fields.body}
              label="Text"
              description="Placeholders: {{firstName}}, {{lastName}}, {{email}} (the recipient's). Blank lines part paragraphs."
              autosize
              minRows={5}
            />
            <fieldset className="plain-fieldset">
              <legend className="email-legend">To the active users who</legend>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <SelectField
                  field={fields.roleId}
                  label="Have the role"
                  data={[{ value: "", label: "Any role" }, ...facets.roleId]}
                />
                <SelectField
                  field={fields.agencyId}
                  label="Write under the agency"
                  data={[{ value: "", label: "Any agency" }, ...facets.agencyId]}
                />
                <SelectField
                  field={fields.documents}
                  label="Documents"
                  data={[{ value: "", label: "Any" }, ...DOCUMENT_CHOICES]}
                />
                <SelectField
                  field={fields.contracts}
                  label="Contracts"
                  data={[{ value: "", label: "Any" }, ...CONTRACT_CHOICES]}
                />
              </SimpleGrid>
            </fieldset>
            {recipients != null ? (
              <Alert
                color={sendable ? "blue" : "yellow"}
                title={recipients === 0 ? "Nobody matches" : recipientsText(recipients)}
                role="status"
              >
                {actionData?.changed ? "The choices changed after the count, so nothing was sent. " : ""}
                {recipients === 0
                  ? "No active user matches these choices: change them and count again."
                  : recipients > MESSAGE_CAP
                    ? `At most ${MESSAGE_CAP} users at once: narrow the choices and count again.`
                    : "Check the count, then send. Changed a choice? Count again first."}
              </Alert>
            ) : null}
            {sendable ? (
              <>
                <input type="hidden" name="recipients" value={recipients} />
                <input type="hidden" name="countedFor" value={counted} />
              </>
            ) : null}
            <Group>
              {sendable ? (
                <SubmitButton name="intent" value="send">
                  Send to {recipients} {recipients === 1 ? "user" : "users"}
                </SubmitButton>
              ) : null}
              <SubmitButton name="intent" value="count" variant={sendable ? "default" : "filled"}>
                {recipients == null ? "Count recipients" : "Count again"}
              </SubmitButton>
              <Button component={Link} to={`${EMAIL_BASE}/log`} variant="subtle">
                Sent e-mails
              </Button>
            </Group>
          </Stack>
        </PortalForm>
      </Paper>
    </Stack>
  );
}
