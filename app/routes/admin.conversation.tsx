import { Group, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { idOr404, notFound, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import {
  addConversationNote,
  answerConversation,
  conversationRecord,
  type ConversationResource,
  updateConversation,
} from "~/admin/sections/tickets/conversations.server";
import { type ConversationActionData, ConversationPage } from "~/admin/sections/tickets/conversation-page";
import { ConversationStatusTag } from "~/admin/sections/tickets/status-tag";
import { CONVERSATION_INTENTS, CONVERSATION_SCHEMAS, type ConversationIntent } from "~/admin/sections/tickets/forms";
import { successToast } from "~/domain/toast";
import { labelHistory } from "~/domain/admin/history-labels";
import type { Route } from "./+types/admin.conversation";

/**
 * One conversation's admin page (issue 22): /admin/tickets/:id (a support ticket or commission inquiry) and
 * /admin/admin_support/:id (a feedback conversation) — the same page on the two resources of one model.
 */
const SECTIONS = {
  tickets: { resource: "tickets", title: "Tickets" },
  admin_support: { resource: "feedback_conversations", title: "Feedback" },
} as const satisfies Record<string, { resource: ConversationResource; title: string }>;

function sectionOf(request: Request) {
  const key = new URL(request.url).pathname.split("/")[2];
  return key === "tickets" || key === "admin_support" ? { key, ...SECTIONS[key] } : notFound();
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.found.record.subject} · ${loaderData.section.title}` : "Admin" }];
}

export const handle = {
  crumbs: (d: { section: { key: string; title: string }; found: { record: { subject: string } } }) => [
    { label: d.section.title, to: `/admin/${d.section.key}` },
    { label: d.found.record.subject },
  ],
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const section = sectionOf(request);
  const [, loaded] = await loadWithViewer(request, context, async (token) =>
    conversationRecord(token, section.resource, id),
  );
  const found = { ...loaded, history: labelHistory(loaded.history, { assignee: "Assignee" }) };
  return { section, found };
}

const isIntent = (value: unknown): value is ConversationIntent =>
  typeof value === "string" && (CONVERSATION_INTENTS as readonly string[]).includes(value);

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const section = sectionOf(request);
  const viewer = await requireAdmin(request, context);
  const form = actionForm(request, context);
  const intent = (await form.read()).get("intent");
  if (!isIntent(intent)) throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  const here = new URL(request.url).pathname;
  return form.answer(
    async () => {
      const parsed = await form.parse(CONVERSATION_SCHEMAS[intent]);
      if (parsed.status !== "success") {
        return data({ intent, result: parsed.reply() } satisfies ConversationActionData, { status: 400 });
      }
      const value = parsed.value as { message?: string; note?: string; assigneeId?: number | null };
      const { token } = viewer;
      let done: string;
      if (intent === "answer") {
        const { record } = await answerConversation(token, section.resource, id, value.message ?? "");
        done = `Answer sent: ${record.owner.name} sees it.`;
      } else if (intent === "note") {
        await addConversationNote(token, section.resource, id, value.note ?? "");
        done = "Internal note added.";
      } else if (intent === "assign") {
        const { record } = await updateConversation(token, section.resource, id, {
          assigneeId: value.assigneeId ?? null,
        });
        done = record.assignee ? `Assigned to ${record.assignee.name}.` : "No longer assigned.";
      } else {
        await updateConversation(token, section.resource, id, { status: intent === "close" ? "closed" : "open" });
        done = intent === "close" ? "Conversation closed." : "Conversation reopened.";
      }
      return redirectWithToast(here, [successToast(done)]);
    },
    (failure) => data({ intent, result: failure.result } satisfies ConversationActionData, { status: failure.status }),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function AdminConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { record, thread, history, assignees } = loaderData.found;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{record.subject}</Title>
        <Group gap="xs">
          <ConversationStatusTag status={record.status} />
          <Text size="sm" c="dark.4">
            #{record.id} · {record.owner.name}
            {record.carrier ? ` · ${record.carrier.name}` : ""}
          </Text>
        </Group>
      </Stack>
      <ConversationPage
        record={record}
        thread={thread}
        history={history}
        assignees={assignees}
        actionData={actionData as ConversationActionData | undefined}
      />
    </Stack>
  );
}
