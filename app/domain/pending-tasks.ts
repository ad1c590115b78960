import { type SessionUser, contractingIncomplete, isBroker } from "./user";

/** The broker pending tasks shown in the default layout's top banner and on the dashboard. */
export interface PendingTask {
  key: string;
  text: string;
  to: string;
}

export interface PendingTaskInput {
  user: SessionUser;
  documentNotificationCount: number;
}

export function pendingTasksFor({ user, documentNotificationCount }: PendingTaskInput): PendingTask[] {
  if (!isBroker(user)) return [];
  const tasks: PendingTask[] = [];
  if (contractingIncomplete(user)) {
    tasks.push({ key: "onboarding", text: "Finish your contracting steps", to: "/onboarding" });
  }
  if (documentNotificationCount > 0) {
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
