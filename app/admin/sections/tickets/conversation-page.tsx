import { EmailAddress } from "~/components/email-address";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { History } from "~/components/admin/history";
import { ConversationMessages } from "~/components/conversation-messages";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import type { AuditEntry, Facet } from "~/domain/admin/records";
import { formatDate } from "~/domain/formats";
import { answerSchema, assignSchema, type ConversationIntent, noteSchema, statusSchema } from "./forms";
import { type AdminConversation, CONVERSATION_KIND_LABELS, type ConversationEntry } from "./records";
import { ConversationStatusTag, waitingDaysText } from "./status-tag";
import { StatusBadge } from "~/components/status-badge";

/** Which form the action's answer belongs to: the one whose intent was posted. */
export interface ConversationActionData {
  intent: ConversationIntent;
  result: FormResult;
}

const resultOf = (data: ConversationActionData | undefined, intent: ConversationIntent) =>
  data?.intent === intent ? data.result : undefined;

function IntentInput({ intent }: { intent: ConversationIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function AnswerForm({ record, lastResult }: { record: AdminConversation; lastResult: FormResult }) {
  const [form, fields] = usePortalForm(answerSchema, { lastResult, constraint: true, id: "answer" });
  const who =
    record.kind === "commission_inquiry" && record.carrier
      ? `${record.owner.name} and ${record.carrier.name} see it`
      : `${record.owner.name} sees it`;
  return (
    <PortalForm form={form}>
      <IntentInput intent="answer" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <TextareaField field={fields.message} label="Answer" description={who} autosize minRows={3} />
        <Group>
          <SubmitButton>Send the answer</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

function NoteForm({ lastResult }: { lastResult: FormResult }) {
  const [form, fields] = usePortalForm(noteSchema, { lastResult, constraint: true, id: "note" });
  return (
    <PortalForm form={form}>
      <IntentInput intent="note" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <TextareaField
          field={fields.note}
          label="Internal note"
          description="Staff only: never shown to the agent or the carrier"
          autosize
          minRows={2}
        />
        <Group>
          <SubmitButton variant="default">Add the note</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

function AssignForm({
  record,
  assignees,
  lastResult,
}: {
  record: AdminConversation;
  assignees: Facet;
  lastResult: FormResult;
}) {
  const [form, fields] = usePortalForm(assignSchema, {
    lastResult,
    id: "assign",
    defaultValue: { assigneeId: record.assignee ? String(record.assignee.id) : "" },
  });
  return (
    <PortalForm form={form}>
      <IntentInput intent="assign" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <SelectField
          field={fields.assigneeId}
          label="Assignee"
          data={[{ value: "", label: "Unassigned" }, ...assignees]}
        />
        <Group>
          <SubmitButton variant="default">Assign</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

function StatusForm({ record, lastResult }: { record: AdminConversation; lastResult: FormResult }) {
  const closed = record.status === "closed";
  const [form] = usePortalForm(statusSchema, { lastResult, id: "status" });
  return (
    <PortalForm form={form}>
      <IntentInput intent={closed ? "reopen" : "close"} />
      <Stack gap="xs">
        <FormAlert form={form} />
        <Text size="sm">
          {closed
            ? "Closed: nobody can answer it until it is reopened."
            : "Close it once nothing is left to do; the agent sees it closed."}
        </Text>
        <Group>
          <SubmitButton variant="default">{closed ? "Reopen" : "Close"}</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

/**
 * One conversation as staff work it (issue 22): the thread with the internal notes, a public answer, an internal
 * note; beside it what it is, who has it, assign, close or reopen, and its history. Each form is a plain form
 * posting its intent, so all of it works before the page's scripts run.
 */
export function ConversationPage({
  record,
  thread,
  history,
  assignees,
  actionData,
}: {
  record: AdminConversation;
  thread: ConversationEntry[];
  history: AuditEntry[];
  assignees: Facet;
  actionData: ConversationActionData | undefined;
}) {
  const closed = record.status === "closed";
  return (
    <div className="admin-record">
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="thread-title">
          <Title order={2} size="h4" id="thread-title" mb="sm">
            Conversation
          </Title>
          <ConversationMessages
            messages={thread.map((e) => ({ ...e, internal: e.kind === "note" }))}
            staffNote="staff"
          />
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="answer-title">
          <Title order={2} size="h4" id="answer-title" mb="sm">
            Answer {record.owner.name}
          </Title>
          {closed ? (
            <Text size="sm">This conversation is closed: reopen it to answer.</Text>
          ) : (
            <AnswerForm
              key={`answer-${record.messageCount}`}
              record={record}
              lastResult={resultOf(actionData, "answer")}
            />
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="note-title">
          <Title order={2} size="h4" id="note-title" mb="sm">
            Add an internal note
          </Title>
          <NoteForm key={`note-${record.notesCount}`} lastResult={resultOf(actionData, "note")} />
        </Paper>
      </Stack>
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="facts-title">
          <Title order={2} size="h4" id="facts-title" mb="sm">
            Where it stands
          </Title>
          <dl className="admin-facts">
            <div>
              <dt>Status</dt>
              <dd>
                <ConversationStatusTag status={record.status} />
              </dd>
            </div>
            <div>
              <dt>Kind</dt>
              <dd>{CONVERSATION_KIND_LABELS[record.kind]}</dd>
            </div>
            <div>
              <dt>From</dt>
              <dd>
                <Anchor component={Link} to={`/admin/users/${record.owner.id}`}>
                  {record.owner.name}
                </Anchor>
                <br />
                <EmailAddress email={record.owner.email} />
              </dd>
            </div>
            {record.carrier ? (
              <div>
                <dt>Carrier</dt>
                <dd>{record.carrier.name}</dd>
              </div>
            ) : null}
            {record.reference ? (
              <div>
                <dt>Reference</dt>
                <dd>{record.reference}</dd>
              </div>
            ) : null}
            <div>
              <dt>Category</dt>
              <dd>{record.category}</dd>
            </div>
            {record.rating != null ? (
              <div>
                <dt>Rating</dt>
                <dd>{record.rating} of 5</dd>
              </div>
            ) : null}
            <div>
              <dt>Opened</dt>
              <dd>{formatDate(record.createdAt)}</dd>
            </div>
            <div>
              <dt>Last message</dt>
              <dd>
                {waitingDaysText(record.waitingDays)}, from {record.lastMessage.fromStaff ? "staff" : "the agent"}
              </dd>
            </div>
            <div>
              <dt>Assignee</dt>
              <dd>{record.assignee?.name ?? <StatusBadge status="Unassigned" />}</dd>
            </div>
          </dl>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="assign-title">
          <Title order={2} size="h4" id="assign-title" mb="sm">
            Assign
          </Title>
          <AssignForm
            key={`assign-${record.assignee?.id ?? "none"}`}
            record={record}
            assignees={assignees}
            lastResult={resultOf(actionData, "assign")}
          />
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="status-title">
          <Title order={2} size="h4" id="status-title" mb="sm">
            {closed ? "Reopen" : "Close"}
          </Title>
          <StatusForm
            key={record.status}
            record={record}
            lastResult={resultOf(actionData, record.status === "closed" ? "reopen" : "close")}
          />
        </Paper>
        <History entries={history} />
      </Stack>
    </div>
  );
}
