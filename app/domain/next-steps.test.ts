import { describe, expect, it } from "vitest";
import { canOpen } from "./access";
import { CONTRACT_NOW_HREF } from "./menu";
import { DOCUMENTS_HINT, bookContractHint, dashboardStepsFor, onboardingResume, tasksElsewhere } from "./next-steps";
import { pendingTasksFor } from "./pending-tasks";
import type { ReadinessTask } from "./readiness";
import type { SessionUser } from "./user";
import { userFor } from "../../tests/support/users";

/** The dashboard's input as its loader builds it. */
function dashboardOf(user: SessionUser, documentNotificationCount = 0, unrespondedMessages = 0) {
  const state = { user, betaTesterEmail: "beta@demo.test", documentNotificationCount };
  return dashboardStepsFor({
    ...state,
    pendingTasks: pendingTasksFor(state),
    mayContract: canOpen(state, CONTRACT_NOW_HREF),
    unrespondedMessages,
  });
}

describe("issue 11: the dashboard's next step instead of 'all caught up'", () => {
  it("a broker with active contracts, no documents and no message to answer is all caught up", () => {
    expect(dashboardOf(userFor({ existingActiveContracts: true }))).toEqual({ steps: [], caughtUp: true });
  });

  it("an agent without active contracts is sent to Contract Now", () => {
    const { steps, caughtUp } = dashboardOf(userFor({ existingActiveContracts: false }));
    expect(caughtUp).toBe(false);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({
      key: "contractNow",
      to: "/contract_now",
      text: "Request your first contracts with Contract Now",
      hint: "You have no active contracts yet. Choose a product and the carriers you want to sell.",
    });
  });

  it("documents that need attention lead to the profile, with the spec's pointer to the alert icon", () => {
    const { steps, caughtUp } = dashboardOf(userFor({ existingActiveContracts: true }), 2);
    expect(caughtUp).toBe(false);
    expect(steps).toEqual([
      { key: "documents", text: "2 documents need your attention", to: "/profile", hint: DOCUMENTS_HINT },
    ]);
  });

  it("spec §6: with documents blocking requests and no contracts, the documents come first and Contract Now says so", () => {
    const { steps } = dashboardOf(userFor({ role: "Agency", existingActiveContracts: false }), 1);
    expect(steps.map((s) => s.to)).toEqual(["/profile", "/contract_now"]);
    expect(steps[1]!.hint).toBe(
      "You have no active contracts yet. Requests open once your documentation is up to date.",
    );
  });

  it("no Contract Now step for a user who may not open it (admin)", () => {
    expect(dashboardOf(userFor({ role: "Admin", existingActiveContracts: false }))).toEqual({
      steps: [],
      caughtUp: true,
    });
  });

  it("messages awaiting a reply: not 'all caught up', though there is no step", () => {
    expect(dashboardOf(userFor({ existingActiveContracts: true }), 0, 1)).toEqual({ steps: [], caughtUp: false });
  });

  it("the banner's tasks are not changed (the hint is the dashboard's)", () => {
    const state = { user: userFor(), betaTesterEmail: "", documentNotificationCount: 1 };
    const tasks = pendingTasksFor(state);
    dashboardStepsFor({ ...state, pendingTasks: tasks, mayContract: true, unrespondedMessages: 0 });
    expect(tasks[0]!.hint).toBeUndefined();
  });
});

describe("issue 11: an empty book of business points to Contract Now when the user may open it", () => {
  it("no active contracts: a first contract", () => {
    expect(bookContractHint({ mayContract: true, user: userFor({ existingActiveContracts: false }) })).toBe("first");
  });
  it("active contracts: more carriers", () => {
    expect(bookContractHint({ mayContract: true, user: userFor({ existingActiveContracts: true }) })).toBe("more");
  });
  it("no link for a user who may not open Contract Now", () => {
    expect(bookContractHint({ mayContract: false, user: userFor() })).toBeNull();
  });
});

describe("issue 11: onboarding says 'Continue where you left off' only once a step was done", () => {
  const steps = (...done: boolean[]) =>
    [
      { key: "personal", title: "Personal details" },
      { key: "licenses", title: "Licenses" },
      { key: "legal", title: "Legal questions" },
    ].map((s, i) => ({ ...s, complete: done[i] ?? false }));

  it("nothing done yet: start with the first step", () => {
    expect(onboardingResume(steps())).toEqual({ label: "Start with Personal details", to: "/onboarding/personal" });
  });
  it("a step done: continue at the first step not done", () => {
    expect(onboardingResume(steps(true))).toEqual({
      label: "Continue where you left off",
      to: "/onboarding/licenses",
    });
    expect(onboardingResume(steps(false, true))).toEqual({
      label: "Continue where you left off",
      to: "/onboarding/personal",
    });
  });
  it("every step done: nothing to resume (the overview offers to submit)", () => {
    expect(onboardingResume(steps(true, true, true))).toBeNull();
  });
});

describe("issue 11: the pending-tasks banner never links to the page it is on", () => {
  const tasks = [
    { key: "onboarding", text: "Finish your contracting steps", to: "/onboarding" },
    { key: "documents", text: "2 documents need your attention", to: "/profile" },
  ];
  it("on the onboarding overview and its steps, no onboarding task", () => {
    for (const path of ["/onboarding", "/onboarding/", "/onboarding/personal", "/Onboarding/legal"]) {
      expect(tasksElsewhere(tasks, path).map((t) => t.key)).toEqual(["documents"]);
    }
  });
  it("on the profile, no documents task", () => {
    expect(tasksElsewhere(tasks, "/profile").map((t) => t.key)).toEqual(["onboarding"]);
  });
  it("elsewhere, every task (a path that only starts alike is elsewhere)", () => {
    expect(tasksElsewhere(tasks, "/basic_profile")).toEqual(tasks);
    expect(tasksElsewhere(tasks, "/onboarding_complete")).toEqual(tasks);
    expect(tasksElsewhere(tasks, "/profiles")).toEqual(tasks);
  });
});

describe("issue 37 §5: the ready-to-sell lines' tasks follow the pending tasks", () => {
  const task = (step: ReadinessTask["step"], byDocuments = false): ReadinessTask => ({
    key: `readiness-${step}`,
    text: `${step} task`,
    to: "/ready_to_sell",
    hint: "",
    step,
    byDocuments,
  });
  const stepsOf = (user: SessionUser, documentNotificationCount: number, readinessTasks: ReadinessTask[]) => {
    const state = { user, betaTesterEmail: "beta@demo.test", documentNotificationCount };
    return dashboardStepsFor({
      ...state,
      pendingTasks: pendingTasksFor(state),
      mayContract: canOpen(state, CONTRACT_NOW_HREF),
      unrespondedMessages: 0,
      readinessTasks,
    });
  };

  it("agent@'s lines needing a step: no longer 'all caught up'", () => {
    const { steps, caughtUp } = stepsOf(userFor({ existingActiveContracts: true }), 0, [
      task("contract"),
      task("ahip"),
    ]);
    expect(steps.map((s) => s.key)).toEqual(["readiness-contract", "readiness-ahip"]);
    expect(caughtUp).toBe(false);
  });

  it("what a step above asks already is not asked twice: the documents, a first contract", () => {
    const docs = stepsOf(userFor({ existingActiveContracts: true }), 1, [task("contract", true), task("license")]);
    expect(docs.steps.map((s) => s.key)).toEqual(["documents", "readiness-license"]);
    const first = stepsOf(userFor({ existingActiveContracts: false }), 0, [task("contract"), task("license")]);
    expect(first.steps.map((s) => s.key)).toEqual(["contractNow", "readiness-license"]);
  });
});
