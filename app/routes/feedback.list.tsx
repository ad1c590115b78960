import type { ReactNode } from "react";
import { ErrorPage } from "~/components/error-page";
import { FeedbackEmpty, FeedbackListPage } from "~/components/feedback-list";
import { NEW_FEEDBACK_HREF } from "~/components/feedback-nav";
import { type FeedbackView, awaitingSummary, feedbackViewOf, unreadSummary } from "~/domain/feedback";
import { loadFeedbackList } from "~/.server/feedback";
import type { Route } from "./+types/feedback.list";

const ALL_CONVERSATIONS = { to: "/feedback/list", label: "See all conversations" };

/** What each feedback list page says (its filter is feedbackViewOf's). */
const TEXTS: Record<
  FeedbackView,
  { title: string; intro: (count: number) => string; caption: string; empty: ReactNode; noMatch: string }
> = {
  all: {
    title: "Feedback",
    intro: () =>
      "Your conversations with our staff: tell us what works and what could be better, and read our answers here.",
    caption: "Feedback conversations",
    empty: (
      <FeedbackEmpty
        text="You have no feedback conversations yet. Our staff answer every message here."
        link={{ to: NEW_FEEDBACK_HREF, label: "Start a conversation" }}
      />
    ),
    noMatch: "No conversations match this search.",
  },
  unread: {
    title: "Unread messages",
    intro: (count) => `${unreadSummary(count)} Opening a conversation marks its messages read.`,
    caption: "Conversations with unread messages",
    empty: (
      <FeedbackEmpty text="No unread messages: you have read every answer from our staff." link={ALL_CONVERSATIONS} />
    ),
    noMatch: "No conversation with unread messages matches this search.",
  },
  unresponded: {
    title: "Awaiting your reply",
    intro: (count) => `${awaitingSummary(count)} In these, our staff asked you something or answered you last.`,
    caption: "Conversations awaiting your reply",
    empty: (
      <FeedbackEmpty
        text="Nothing is waiting for your reply: you have answered our staff in every conversation."
        link={ALL_CONVERSATIONS}
      />
    ),
    noMatch: "No conversation awaiting your reply matches this search.",
  },
};

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: TEXTS[loaderData?.view ?? "all"].title }];
}

/**
 * /feedback and /feedback/list (every conversation), /feedback/show (those with unread staff messages, spec §7
 * show_unread_messages) and /feedback/conversation (those waiting for the user's reply, show_unresponded_messages).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = feedbackViewOf(new URL(request.url).pathname);
  const list = await loadFeedbackList(request, context, view === "all" ? null : view);
  return { ...list, view };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
  const texts = TEXTS[loaderData.view];
  return (
    <FeedbackListPage
      title={texts.title}
      intro={texts.intro(loaderData.count ?? 0)}
      caption={texts.caption}
      empty={texts.empty}
      noMatch={texts.noMatch}
      data={loaderData}
    />
  );
}
