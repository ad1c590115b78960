import { normalisePath } from "./access";
import { type DocumentState, contractRequestsBlocked } from "./documents";
import { CONTRACT_NOW_HREF } from "./menu";
import type { PendingTask } from "./pending-tasks";
import type { ReadinessTask } from "./readiness";
import type { SessionUser } from "./user";

/**
 * What a page says when there is nothing to show, or where the user goes next (issue 11 point 3: empty
 * states that tell the truth and the next step). Pure rules; the pages render them.
 */

/** Spec §4/§6 wording of the document alert, shortened to where it leads (the Profile page; the verbatim alert of contract-state.ts keeps the spec's "User Profile"). */
export const DOCUMENTS_HINT =
  "Please visit your Profile to find the alert icon next to any documentation that requires your attention.";

export interface DashboardStepInput extends DocumentState {
  /** The broker pending tasks (pendingTasksFor): the same as the banner of the other pages. */
  pendingTasks: PendingTask[];
  user: Pick<SessionUser, "existingActiveContracts">;
  /** The viewer may open Contract Now (canOpen(viewer, CONTRACT_NOW_HREF)). */
  mayContract: boolean;
  /** Messages awaiting the user's reply (the dashboard counts them in a card). */
  unrespondedMessages: number;
  /** The ready-to-sell lines' tasks (readiness.ts readinessTasks): none when the dashboard does not read them. */
  readinessTasks?: readonly ReadinessTask[];
}

export interface DashboardSteps {
  /** The next steps, each a link to where it is done, in the order to do them. */
  steps: PendingTask[];
  /** Nothing at all waits for the user: only then does the dashboard say 'all caught up'. */
  caughtUp: boolean;
}

/**
 * The dashboard's next steps: the pending tasks (documents lead to the profile, with the spec's pointer to
 * the alert icon), then, for a user without active contracts who may request some, Contract Now (after the
 * documents when they block requests), then the ready-to-sell lines' tasks (issue 37 §5). 'All caught up' only when there is no step and no message to answer.
 */
export function dashboardStepsFor(input: DashboardStepInput): DashboardSteps {
  const steps: PendingTask[] = input.pendingTasks.map((task) =>
    task.key === "documents" ? { ...task, hint: DOCUMENTS_HINT } : task,
  );
  if (input.mayContract && !input.user.existingActiveContracts) {
    steps.push({
      key: "contractNow",
      text: "Request your first contracts with Contract Now",
      to: CONTRACT_NOW_HREF,
      hint: contractRequestsBlocked(input)
        ? "You have no active contracts yet. Requests open once your documentation is up to date."
        : "You have no active contracts yet. Choose a product and the carriers you want to sell.",
    });
  }
  // Issue 37 §5: then what the ready-to-sell lines need, except what a step above already asks for (the documents;
  // a first contract).
  const asked = new Set(steps.map((s) => s.key));
  for (const task of input.readinessTasks ?? []) {
    if (task.byDocuments && asked.has("documents")) continue;
    if (task.step === "contract" && asked.has("contractNow")) continue;
    steps.push({ key: task.key, text: task.text, to: task.to, hint: task.hint });
  }
  return { steps, caughtUp: steps.length === 0 && input.unrespondedMessages === 0 };
}

/**
 * Book of Business with no policies at all: whether it points to Contract Now. A user without active
 * contracts needs a first contract to write policies; one with contracts may add carriers; one who may not
 * open Contract Now gets no link.
 */
export function bookContractHint(input: {
  mayContract: boolean;
  user: Pick<SessionUser, "existingActiveContracts">;
}): "first" | "more" | null {
  if (!input.mayContract) return null;
  return input.user.existingActiveContracts ? "more" : "first";
}

/**
 * The onboarding overview's button (issue 11): 'Continue where you left off' only once a step was done,
 * else 'Start with {first step}'; it leads to the first step not done. Null when every step is done.
 */
export function onboardingResume(
  steps: ReadonlyArray<{ key: string; title: string; complete: boolean }>,
): { label: string; to: string } | null {
  const next = steps.find((s) => !s.complete);
  if (!next) return null;
  const started = steps.some((s) => s.complete);
  return {
    label: started ? "Continue where you left off" : `Start with ${next.title}`,
    to: `/onboarding/${next.key}`,
  };
}

/**
 * The pending tasks the banner shows on a page: not those done on this very page or below it (the onboarding
 * steps do not link to themselves; issue 11).
 */
export function tasksElsewhere<T extends { to: string }>(tasks: readonly T[], pathname: string): T[] {
  const here = normalisePath(pathname);
  return tasks.filter((task) => {
    const there = normalisePath(task.to);
    return here !== there && !here.startsWith(`${there}/`);
  });
}
