import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, data } from "react-router";
import { History } from "~/components/admin/history";
import { labelHistory } from "~/domain/admin/history-labels";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { recordIdOf } from "~/domain/admin/shapes";
import { errorToasts, successToast } from "~/domain/toast";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { upstreamMessages } from "~/.server/upstream-failure";
import {
  emailTemplate,
  previewEmailTemplate,
  previewUsers,
  sendTestEmail,
  updateEmailTemplate,
} from "~/admin/sections/email_communications/calls.server";
import { templateSchema } from "~/admin/sections/email_communications/schemas";
import { EMAIL_BASE } from "~/admin/sections/email_communications/nav";
import type { EmailTemplate } from "~/admin/sections/email_communications/records";
import type { Route } from "./+types/admin.email_communications.$id";

/** The history names a template's fields as its form does. */
const HISTORY_LABELS = { subject: "Subject", body: "Text" };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.record.name} · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: { name: string } }) => [
    { label: "E-mail communications", to: EMAIL_BASE },
    { label: d.record.name },
  ],
};

/** A template: its form, its preview for a chosen user (default: the administrator), its history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const chosen = recordIdOf(new URL(request.url).searchParams.get("previewUser") ?? undefined);
  const [viewer, [found, users]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([emailTemplate(token, id), previewUsers(token)]),
  );
  const { preview } = await previewEmailTemplate(viewer.token, id, chosen);
  const choices = users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  if (!choices.some((c) => c.value === String(preview.user.id)))
    choices.unshift({ value: String(preview.user.id), label: `${preview.user.name} (${preview.user.email})` });
  return { record: found.record, history: labelHistory(found.history, HISTORY_LABELS), preview, choices };
}

/** Save the template, or send its preview to the administrator's own address (intent=test). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const form = actionForm(request, context, { schema: templateSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const sent = await form.read();
    if (sent.get("intent") === "test") {
      const userId = recordIdOf(String(sent.get("userId") ?? ""));
      try {
        const { record } = await sendTestEmail(viewer.token, id, userId);
        return redirectWithToast(here, [
          successToast(`Test sent to ${record.to}. It is listed first under Sent e-mails.`),
        ]);
      } catch (error) {
        return redirectWithToast(here, errorToasts(await upstreamMessages(error, viewer.session)));
      }
    }
    const parsed = await form.parse(templateSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const { record } = await updateEmailTemplate(viewer.token, id, parsed.value);
    return redirectWithToast(here, [successToast(`${record.name} saved: the next one sent says this.`)]);
  });
}

/** The template's subject and text (the shared form layer); the upstream refuses an unknown placeholder at its field. */
function TemplateForm({ record, lastResult }: { record: EmailTemplate; lastResult: FormResult }) {
  const [form, fields] = usePortalForm(templateSchema, {
    lastResult,
    defaultValue: { subject: record.subject, body: record.body },
    constraint: true,
  });
  const placeholders = record.placeholders.map((p) => `{{${p.name}}} ${p.description.toLowerCase()}`).join("; ");
  return (
    <Paper withBorder p="md">
      <PortalForm form={form}>
        <input type="hidden" name="intent" value="save" />
        <Stack gap="sm">
          <FormAlert form={form} />
          <TextField field={fields.subject} label="Subject" />
          <TextareaField
            field={fields.body}
            label="Text"
            description={`Placeholders: ${placeholders}. Blank lines part paragraphs.`}
            autosize
            minRows={10}
          />
          <Group>
            <SubmitButton>Save template</SubmitButton>
            <Button component={Link} to={EMAIL_BASE} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

export default function EmailTemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, history, preview, choices } = loaderData;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{record.name}</Title>
        <Text c="dimmed" mt={4}>
          {record.description} Sent {record.sentLast30Days} times in the last 30 days.
        </Text>
      </div>
      <div className="admin-record">
        <Stack gap="md">
          <TemplateForm record={record} lastResult={actionData} />
          <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
            <Title order={2} size="h4" id="preview-title" mb="xs">
              Preview
            </Title>
            <Form method="get" className="email-preview-user">
              <NativeSelect
                name="previewUser"
                label="With the values of"
                defaultValue={String(preview.user.id)}
                data={choices}
              />
              <Button type="submit" variant="default">
                Show
              </Button>
            </Form>
            <p className="email-preview-subject">
              <strong>Subject:</strong> {preview.subject}
            </p>
            <pre className="email-preview" aria-label="The e-mail's text">
              {preview.text}
            </pre>
            <Text size="sm" c="dimmed">
              Links are examples: the real e-mail carries the recipient&apos;s own. The preview shows the saved
              template.
            </Text>
          </Paper>
        </Stack>
        <Stack gap="md">
          <Paper withBorder p="md" component="section" aria-labelledby="test-title">
            <Title order={2} size="h4" id="test-title" mb="xs">
              Send me a test
            </Title>
            <PortalForm>
              <input type="hidden" name="intent" value="test" />
              <input type="hidden" name="userId" value={preview.user.id} />
              <Text size="sm" mb="xs">
                The preview, sent to your own address, its subject marked [Test]. It is listed under{" "}
                <Link className="anchor" to={`${EMAIL_BASE}/log`}>
                  Sent e-mails
                </Link>
                .
              </Text>
              <Group>
                <SubmitButton variant="light">Send me a test</SubmitButton>
              </Group>
            </PortalForm>
          </Paper>
          <History entries={history} />
        </Stack>
      </div>
    </Stack>
  );
}
