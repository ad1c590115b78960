import { Link } from "react-router";
import { CONTRACT_NOW_HREF } from "~/domain/menu";
import {
  type ReadinessLine,
  type ReadinessStep,
  STEP_STATUS_LABELS,
  STEP_TITLES,
  type SharedStep,
  isOpen,
  ownSteps,
  readinessSummary,
  readinessSummaryText,
  sharedSteps,
} from "~/domain/readiness";
import { todayIso } from "~/.server/clock";
import { loadWithViewer } from "~/.server/guards";
import { readinessLinesOf, readinessReads } from "~/.server/readiness";
import type { Route } from "./+types/ready_to_sell";
import { StatusBadge } from "~/components/status-badge";

export function meta() {
  return [{ title: "Ready to Sell" }];
}

/**
 * Issue 25 §1: per carrier product the agent works with (or could), ready to sell or the steps left, in the order
 * they must be done, each blocking step linking to the page that fixes it (app/domain/readiness.ts; ADR 036).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, reads] = await loadWithViewer(request, context, readinessReads);
  const lines = readinessLinesOf(viewer, reads, todayIso());
  const summary = readinessSummary(lines);
  return {
    lines,
    shared: sharedSteps(lines),
    summary,
    summaryText: readinessSummaryText(summary),
    planYear: reads.facts.planYear,
  };
}

type TagColor = "green" | "yellow" | "blue" | "red" | "gray" | "orange";

/**
 * A status tag: its own few CSS rules (app.css .ready-tag), not Mantine's badge classes, so that this page does not
 * pull Mantine's class map into the script every page loads (scripts/check-budgets.ts).
 */
function Tag({ color, children }: { color: TagColor; children: string }) {
  return (
    <span className="ready-tag" data-color={color}>
      {children}
    </span>
  );
}

function lineId(line: ReadinessLine): string {
  return `line-${line.carrierProductId}`;
}

function FixLink({ step }: { step: ReadinessStep }) {
  const { fix } = step;
  if (!fix) return null;
  return fix.external ? (
    <a href={fix.href} target="_blank" rel="noopener noreferrer" className="ready-fix">
      {fix.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link to={fix.href} className="ready-fix">
      {fix.label}
    </Link>
  );
}

/** One step: its title and status, what it says, and the link that fixes it; `only`: the products it applies to. */
function StepItem({ step, only }: { step: ReadinessStep; only?: string[] | null }) {
  return (
    <li data-step={step.key} data-status={step.status}>
      <div className="l-row" data-gap="xs">
        <strong>{STEP_TITLES[step.key]}</strong>
        <StatusBadge status={STEP_STATUS_LABELS[step.status]} />
      </div>
      {only ? (
        <p className="txt" data-size="sm" data-dimmed>
          {listText(only)} only
        </p>
      ) : null}
      <p className="txt" data-size="sm">
        {step.text}
      </p>
      <FixLink step={step} />
    </li>
  );
}

/** "A", "A and B", "A, B and C". */
function listText(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A line's own steps: those said once above the lines (SharedSteps) are left out. */
function Steps({ line, shared }: { line: ReadinessLine; shared: readonly SharedStep[] }) {
  return (
    <ol className="ready-steps" aria-label={`Steps for ${line.carrierName} ${line.productName}`}>
      {ownSteps(line, shared).map((step) => (
        <StepItem key={step.key} step={step} />
      ))}
    </ol>
  );
}

/** Issue 37 §5: what applies to every line (the agent's license, AHIP certificate, documents), said once. */
function SharedSteps({ shared }: { shared: readonly SharedStep[] }) {
  return (
    <section aria-labelledby="ready-shared" className="ready-line" data-testid="shared-steps">
      <h2 className="heading" data-size="h3" id="ready-shared">
        For every product
      </h2>
      <ol className="ready-steps" aria-label="Steps for every product">
        {shared.map(({ step, products }) => (
          <StepItem key={step.key} step={step} only={products} />
        ))}
      </ol>
    </section>
  );
}

function LineCard({ line, shared }: { line: ReadinessLine; shared: readonly SharedStep[] }) {
  const id = lineId(line);
  const isShared = (step: ReadinessStep) => shared.some((s) => s.step.key === step.key);
  // The steps left that are said above, other than the next one: the count of steps left includes them.
  const alsoOpen = line.steps.filter((s) => isOpen(s) && isShared(s) && s.key !== line.next?.key);
  const left = line.openSteps === 1 ? "1 step left" : `${line.openSteps} steps left`;
  return (
    <article
      className="ready-line"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      data-ready={line.ready || undefined}
    >
      <div className="l-row" data-gap="xs" data-justify="between" data-align="start">
        <h3 className="heading" data-size="h4" id={`${id}-title`}>
          {line.carrierName}
          <span className="ready-line__product">{line.productName}</span>
        </h3>
        <Tag color={line.ready ? "green" : line.openSteps === 1 ? "orange" : "red"}>
          {line.ready ? "Ready to sell" : left}
        </Tag>
      </div>
      {line.ready ? (
        <details className="ready-details">
          <summary>Show the steps</summary>
          <Steps line={line} shared={shared} />
        </details>
      ) : (
        <>
          {line.next ? (
            <p className="txt" data-size="sm" data-testid="next-step">
              <strong>Next: </strong>
              {STEP_TITLES[line.next.key]}
              {isShared(line.next) ? ", for every product above." : `. ${line.next.text}`}
            </p>
          ) : null}
          <Steps line={line} shared={shared} />
          {alsoOpen.length > 0 ? (
            <p className="txt" data-size="sm" data-testid="shared-open">
              Also {listText(alsoOpen.map((s) => STEP_TITLES[s.key]))}, for every product above.
            </p>
          ) : null}
        </>
      )}
    </article>
  );
}

export default function ReadyToSell({ loaderData }: Route.ComponentProps) {
  const { lines, shared, summaryText, planYear } = loaderData;
  const ready = lines.filter((l) => l.ready);
  const notReady = lines.filter((l) => !l.ready);
  return (
    <div className="l-stack" data-gap="lg">
      <div className="l-stack" data-gap="xs">
        <h1 className="heading">Ready to Sell</h1>
        <p className="txt">
          Each carrier product you work with, or could: ready to sell, or the steps left in the order to take them.
          Certifications are for the {planYear} plan year.
        </p>
        <p className="txt" data-bold data-testid="readiness-summary">
          {summaryText}
        </p>
        <p className="txt" data-size="sm">
          <Link to="/contracts">My Contracts</Link>
        </p>
      </div>
      {lines.length === 0 ? (
        <section aria-labelledby="ready-empty" className="ready-empty">
          <h2 className="heading" data-size="h3" id="ready-empty">
            No carrier products yet
          </h2>
          <p className="txt">
            No carrier offers a product to contract with right now. When one does, it shows here with the steps to sell
            it. Meanwhile, keep your licenses and documents up to date on your <Link to="/profile">profile</Link>, or{" "}
            <Link to="/contact_support">contact support</Link> about a carrier you want to work with.
          </p>
        </section>
      ) : (
        <>
          {shared.length > 0 ? <SharedSteps shared={shared} /> : null}
          <section aria-labelledby="ready-not-yet">
            <h2 className="heading" data-size="h3" data-mb="xs" id="ready-not-yet">
              Not ready yet ({notReady.length})
            </h2>
            {notReady.length === 0 ? (
              <p className="txt">Every carrier product is ready to sell. Keep an eye on expiry dates below.</p>
            ) : (
              <div className="l-stack" data-gap="sm">
                {notReady.map((line) => (
                  <LineCard key={line.carrierProductId} line={line} shared={shared} />
                ))}
              </div>
            )}
          </section>
          <section aria-labelledby="ready-yes">
            <h2 className="heading" data-size="h3" data-mb="xs" id="ready-yes">
              Ready to sell ({ready.length})
            </h2>
            {ready.length === 0 ? (
              <p className="txt">
                None yet. Take the first step of a product above, or <Link to={CONTRACT_NOW_HREF}>Contract Now</Link>{" "}
                with another carrier.
              </p>
            ) : (
              <div className="l-stack" data-gap="sm">
                {ready.map((line) => (
                  <LineCard key={line.carrierProductId} line={line} shared={shared} />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
