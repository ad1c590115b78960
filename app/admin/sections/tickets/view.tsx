import type { SectionView } from "~/components/admin/section-view";
import type { AdminConversation } from "./records";
import { assignBulk, conversationColumns } from "./view-parts";

const c = conversationColumns("tickets");

export const view: SectionView<AdminConversation> = {
  key: "tickets",
  title: "Tickets",
  singular: "ticket",
  intro:
    "Every support ticket and commission inquiry in one queue, those awaiting staff first and the longest waiting first. Open one to answer the agent, add an internal note, assign it, close or reopen it.",
  // Every column matters to the queue (what, how long, whose): cards on a phone rather than a sideways scroll.
  stack: true,
  columns: [c.subject, c.status, c.kind, c.owner, c.assignee, c.lastMessage],
  filters: [
    { name: "kind", label: "Kind" },
    { name: "status", label: "Status" },
    { name: "carrierId", label: "Carrier" },
    { name: "assigneeId", label: "Assignee" },
    { name: "age", label: "Last message" },
  ],
  linksRecord: true,
  rowLabel: (r) => `${r.subject} (${r.owner.name})`,
  editLabel: "Open",
  bulk: assignBulk("tickets"),
  empty: "No tickets yet. Agents open them from Contact Support and Commission Inquiry.",
  noMatch: "No tickets match this search or these filters.",
  recordTitle: (r) => r.subject,
};
