import { type RouterContextProvider, data } from "react-router";
import { canOpen } from "~/domain/access";
import { FEEDBACK_SORTABLE, feedbackIdOf } from "~/domain/feedback";
import { listQueryFrom } from "~/domain/list-query";
import { conversationReplyAction } from "./conversation-form";
import { loadWithViewer } from "./guards";
import {
  type FeedbackFilter,
  feedbackConversation,
  feedbackConversations,
  markFeedbackRead,
  replyToFeedback,
  unreadMessages,
  unrespondedMessages,
} from "./upstream/feedback";
import { listRead, orUnavailable } from "./upstream-failure";

type Context = Readonly<RouterContextProvider>;

/** Spec §7's count that goes with each filtered page. */
const COUNT_OF: Record<FeedbackFilter, (token: string) => Promise<number>> = {
  unread: unreadMessages,
  unresponded: unrespondedMessages,
};

/**
 * A feedback list page (/feedback/list, /feedback/show, /feedback/conversation): the user's conversations in
 * the shared table as the URL asks (ADR 020), and for a filtered page its spec §7 count, in one round.
 */
export async function loadFeedbackList(request: Request, context: Context, filter: FeedbackFilter | null) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, { sortable: FEEDBACK_SORTABLE });
  const [, [list, count]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      listRead(feedbackConversations(token, filter, params), url.pathname),
      filter ? COUNT_OF[filter](token) : Promise.resolve(null),
    ]),
  );
  return { conversations: list.feedbackConversations, meta: list.meta, count, ignored };
}

function notFound() {
  return data(null, { status: 404, statusText: "Not Found" });
}

/**
 * /feedback/:id: the user's conversation (another user's, or an id that is none, is the 404 page). Opening it
 * marks its staff messages read, so spec §7's unread count falls; those messages are returned as `newIds`
 * to be marked on the page. The read is marked only once the viewer may open the page (never for a refused
 * request), and only when something is unread: a second wait on those page loads only.
 */
export async function openFeedbackConversation(request: Request, context: Context, rawId: string | undefined) {
  const id = feedbackIdOf(rawId);
  if (id === null) throw notFound();
  const [viewer, conversation] = await loadWithViewer(request, context, async (token) =>
    feedbackConversation(token, id),
  );
  const newIds = conversation.messages.filter((m) => !m.read).map((m) => m.id);
  if (newIds.length > 0 && canOpen(viewer, new URL(request.url).pathname)) {
    // The conversation is shown even when the read cannot be marked just now (its messages stay new, and
    // are marked on the next opening); a 401 still ends the session.
    await orUnavailable(loadWithViewer(request, context, async (token) => markFeedbackRead(token, id)));
  }
  return { conversation, newIds };
}

/** The reply on /feedback/:id; the upstream decides whose conversation it is (another user's: its 404 → 404 page). */
export async function feedbackReplyAction(request: Request, context: Context, rawId: string | undefined) {
  const url = new URL(request.url);
  return conversationReplyAction(request, context, {
    id: () => feedbackIdOf(rawId),
    invalid: notFound,
    reply: replyToFeedback,
    back: url.pathname,
  });
}
