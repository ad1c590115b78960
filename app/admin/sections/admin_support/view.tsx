import type { SectionView } from "~/components/admin/section-view";
import { assignBulk, conversationColumns } from "../tickets/view-parts";
import type { AdminConversation } from "./records";

const c = conversationColumns("admin_support");

export const view: SectionView<AdminConversation> = {
  key: "admin_support",
  title: "Feedback",
  singular: "conversation",
  intro:
    "The agents' feedback conversations with our staff, unanswered first and the longest waiting first. Open one to read the thread, answer, add an internal note or close it; the agent's unread count shows your answer.",
  stack: true,
  columns: [c.subject, c.status, c.owner, c.assignee, c.lastMessage],
  filters: [
    { name: "status", label: "Status" },
    { name: "assigneeId", label: "Assignee" },
    { name: "age", label: "Last message" },
  ],
  linksRecord: true,
  rowLabel: (r) => `${r.subject} (${r.owner.name})`,
  editLabel: "Open",
  bulk: assignBulk("conversations"),
  empty: "No feedback conversations yet. Agents start them from Feedback.",
  noMatch: "No conversations match this search or these filters.",
  recordTitle: (r) => r.subject,
};
