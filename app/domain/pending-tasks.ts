import { type DocumentState, documentsNeedAttention } from "./documents";
import { type SessionUser, contractingIncomplete, isBroker } from "./user";

/** The broker pending tasks shown in the default layout's top banner and on the dashboard. */
export interface PendingTask {
  key: string;
  text: string;
  to: string;
  /** A line under the link saying more (the dashboard's next steps). */
  hint?: string;
}

export interface PendingTaskInput extends DocumentState {
  user: SessionUser;
}

/** The banner's tasks (the dashboard lists them in its page instead: see domain/layout.ts). */
export function pendingTasksFor({ user, documentNotificationCount }: PendingTaskInput): PendingTask[] {
  if (!isBroker(user)) return [];
  const tasks: PendingTask[] = [];
  if (contractingIncomplete(user)) {
    tasks.push({ key: "onboarding", text: "Finish your contracting steps", to: "/onboarding" });
  }
  if (documentsNeedAttention({ documentNotificationCount })) {
    tasks.push({
      key: "documents",
      text:
        documentNotificationCount === 1
          ? "1 document needs your attention"
          : `${documentNotificationCount} documents need your attention`,
      to: "/profile",
    });
  }
  return tasks;
}
