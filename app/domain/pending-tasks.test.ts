import { describe, expect, it } from "vitest";
import { pendingTasksFor } from "~/domain/pending-tasks";
import { userFor } from "../../tests/support/users";

const locked = { roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: false };

describe("spec §2 default layout: a top banner for broker pending tasks", () => {
  it.each(["Admin", "Carrier"] as const)("%s has no broker pending tasks", (role) => {
    expect(pendingTasksFor({ user: userFor({ role, ...locked }), documentNotificationCount: 3 })).toEqual([]);
  });

  it("a broker with nothing pending has no tasks", () => {
    expect(pendingTasksFor({ user: userFor({ existingActiveContracts: true }), documentNotificationCount: 0 })).toEqual(
      [],
    );
  });

  it.each(["Agent", "Agency"] as const)(
    "%s with contracting required and onboarding incomplete: a task leading to onboarding",
    (role) => {
      const tasks = pendingTasksFor({ user: userFor({ role, ...locked }), documentNotificationCount: 0 });
      expect(tasks).toHaveLength(1);
      expect(tasks[0]!.to).toBe("/onboarding");
    },
  );

  it("no onboarding task once onboarding is complete", () => {
    const tasks = pendingTasksFor({
      user: userFor({ ...locked, onboardingComplete: true }),
      documentNotificationCount: 0,
    });
    expect(tasks).toEqual([]);
  });

  it("spec §2/§4: documents that need attention give a task leading to the profile", () => {
    const [task, ...rest] = pendingTasksFor({ user: userFor(), documentNotificationCount: 1 });
    expect(rest).toEqual([]);
    expect(task!.to).toBe("/profile");
    expect(task!.text).toBe("1 document needs your attention");
  });

  it("the document task counts the documents", () => {
    const [task] = pendingTasksFor({ user: userFor({ role: "Agency" }), documentNotificationCount: 3 });
    expect(task!.text).toBe("3 documents need your attention");
  });

  it("both tasks together, onboarding first", () => {
    const tasks = pendingTasksFor({ user: userFor(locked), documentNotificationCount: 2 });
    expect(tasks.map((t) => t.to)).toEqual(["/onboarding", "/profile"]);
    expect(new Set(tasks.map((t) => t.key)).size).toBe(2);
  });
});
