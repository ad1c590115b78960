import { Anchor, Card } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RewardsCard } from "~/components/rewards-card";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import { canOpen } from "~/domain/access";
import type { LayoutHandle } from "~/domain/layout";
import { CONTRACT_NOW_HREF } from "~/domain/menu";
import { dashboardStepsFor } from "~/domain/next-steps";
import { pendingTasksFor } from "~/domain/pending-tasks";
import { DOWNLINE_READINESS_HREF, downlineSummaryText, summaryOf } from "~/domain/downline-readiness";
import { READY_TO_SELL_HREF, readinessSummary, readinessSummaryText, readinessTasks } from "~/domain/readiness";
import { isBroker, levelCaption, levelLabel } from "~/domain/user";
import { todayIso } from "~/.server/clock";
import { loadWithViewer, sessionOf } from "~/.server/guards";
import { downlineReadinessReads, downlineRows } from "~/.server/downline-readiness";
import { catalogueReads, readinessLinesOf, readinessReads } from "~/.server/readiness";
import { orUnavailable } from "~/.server/upstream-failure";
import { brokerRewards } from "~/.server/rewards";
import { unreadMessages, unrespondedMessages } from "~/.server/upstream/feedback";
import { viewerState } from "~/.server/viewer";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard" }];
}

/** The dashboard lists the pending tasks in its page, so the layout shows no banner above it. */
export const handle: LayoutHandle = { listsPendingTasks: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  // Independent calls start together, alongside the viewer's.
  // The system notifications are the layout's banner (issue 22 §2.3).
  // Issue 25 §1: a broker's ready-to-sell card (the role remembered at sign-in says whether to read it at once).
  // Issue 37 §5: an agency's downline readiness card, its reads beside the others, the carrier catalogue shared.
  const role = sessionOf(context).session.get("role") ?? "Admin";
  const broker = isBroker({ role });
  const [viewer, [unread, unresponded, rewards, readiness, downline]] = await loadWithViewer(
    request,
    context,
    async (token) => {
      const catalogue = broker ? catalogueReads(token) : null;
      return Promise.all([
        unreadMessages(token),
        unrespondedMessages(token),
        // The rewards card is left out with a note when its call fails; the dashboard still shows.
        orUnavailable(brokerRewards(context, token).then((standing) => ({ standing }))),
        // So is the ready-to-sell card (a note instead of its count).
        catalogue ? orUnavailable(readinessReads(token, catalogue)) : Promise.resolve(null),
        // And the downline card.
        catalogue && role === "Agency"
          ? orUnavailable(downlineReadinessReads(token, catalogue))
          : Promise.resolve(null),
      ]);
    },
  );
  const state = viewerState(viewer);
  const today = todayIso();
  const showReadiness = broker && canOpen(viewer, READY_TO_SELL_HREF);
  const lines = showReadiness && readiness ? readinessLinesOf(viewer, readiness, today) : null;
  const showDownline = role === "Agency" && canOpen(viewer, DOWNLINE_READINESS_HREF);
  return {
    // The pending tasks of the banner, then Contract Now for a user without contracts (issue 11), then what the
    // ready-to-sell lines need (issue 37 §5: the same lines as Ready to Sell).
    next: dashboardStepsFor({
      ...state,
      pendingTasks: pendingTasksFor(state),
      mayContract: canOpen(viewer, CONTRACT_NOW_HREF),
      unrespondedMessages: unresponded,
      readinessTasks: lines ? readinessTasks(lines) : [],
    }),
    level: levelLabel(viewer.user),
    npnNumber: viewer.user.npnNumber,
    unread,
    unresponded,
    rewards: rewards?.standing ?? null,
    rewardsUnavailable: rewards === null,
    readiness: showReadiness ? { text: lines ? readinessSummaryText(readinessSummary(lines)) : null } : null,
    downline: showDownline
      ? {
          text: downline ? downlineSummaryText(summaryOf(downlineRows(downline, ALL_BROKERS, today))) : null,
        }
      : null,
  };
}

/** The downline card counts the whole hierarchy: no sub-agency, carrier or step filter. */
const ALL_BROKERS = { agencyId: null, carrierId: null, step: null };

/** A card that is one link: what it counts, then the count (or the sentence that stands for it), underlined. */
function CountCard({
  to,
  label,
  size = "xl",
  testId,
  countTestId,
  children,
}: {
  to: string;
  label: string;
  size?: "lg" | "xl";
  testId?: string;
  countTestId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder component={Link} to={to} className="count-card" data-testid={testId}>
      <p className="txt" data-size="sm" data-dimmed>
        {label}
      </p>
      <p className="txt" data-size={size} data-bold data-testid={countTestId} data-count>
        {children}
      </p>
    </Card>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  const { next, level, npnNumber, unread, unresponded, rewards, rewardsUnavailable, readiness, downline } = loaderData;
  const caption = levelCaption(level);
  return (
    // Plain elements with classes (issue 21), not Mantine's Stack, SimpleGrid, Title and Text.
    <div className="l-stack" data-gap="lg">
      <div>
        <h1 className="heading">{branding.welcomeMessage}</h1>
      </div>
      <div className="l-grid" data-cols="1-3">
        <Card withBorder>
          {caption ? (
            <p className="txt" data-size="sm" data-dimmed>
              {caption}
            </p>
          ) : null}
          <p className="txt" data-size="xl" data-bold data-testid="level">
            {level}
          </p>
          {npnNumber ? (
            <p className="txt" data-size="sm">
              NPN {npnNumber}
            </p>
          ) : null}
        </Card>
        {/* The counts open the feedback pages that list them (issue 12). */}
        <CountCard to="/feedback/show" label="Unread messages" countTestId="unread-messages">
          {unread}
        </CountCard>
        <CountCard to="/feedback/conversation" label="Messages awaiting your reply" countTestId="unresponded-messages">
          {unresponded}
        </CountCard>
      </div>

      {readiness ? (
        // Issue 25 §1: "3 of 7 products ready; 2 need one step", opening the page that lists them.
        <CountCard to={READY_TO_SELL_HREF} label="Ready to sell" size="lg" testId="readiness-card">
          {readiness.text ?? "Your products' readiness could not be loaded just now: open the page to try again."}
        </CountCard>
      ) : null}

      {downline ? (
        // Issue 37 §5: the agency's main job, its downline's readiness ("54 of 62 agents blocked at a step").
        <CountCard to={DOWNLINE_READINESS_HREF} label="Downline readiness" size="lg" testId="downline-readiness-card">
          {downline.text ?? "Your downline's readiness could not be loaded just now: open the page to try again."}
        </CountCard>
      ) : null}

      <section aria-labelledby="tasks-title">
        <h2 className="heading" data-size="h3" data-mb="xs" id="tasks-title">
          Next steps
        </h2>
        {next.steps.length > 0 ? (
          <ul className="next-steps">
            {next.steps.map((step) => (
              <li key={step.key}>
                <Anchor component={Link} to={step.to}>
                  {step.text}
                </Anchor>
                {step.hint ? (
                  <p className="txt" data-size="sm" data-dimmed>
                    {step.hint}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : next.caughtUp ? (
          <p className="txt" data-dimmed>
            You are all caught up: nothing needs your attention.
          </p>
        ) : (
          // No task, but messages await a reply (counted above): not 'all caught up'.
          <p className="txt" data-dimmed>
            No pending tasks. Messages still await your reply.
          </p>
        )}
      </section>

      {/* Member rewards (issue 12) carry the rewards disclaimer beside them. */}
      {rewards || rewardsUnavailable ? (
        <RewardsCard rewards={rewards} disclaimer={branding.rewardsDisclaimer} />
      ) : (
        <p className="txt" data-size="sm" data-dimmed>
          {branding.rewardsDisclaimer}
        </p>
      )}
    </div>
  );
}
