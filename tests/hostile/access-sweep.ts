import { type Viewer, canOpen, featureOfPath } from "../../app/domain/access";
import { type SweepUrl, inAdminArea } from "./route-table";

/**
 * The access sweep's requests and its verdicts (access-sweep.test.ts): what each viewer must be answered at each
 * URL of the route table, and a runner that sends the requests a few at a time, asking /healthz once each batch
 * (a page's GET and POST) is answered. No vitest here (no `inject`): a script may drive it against a portal started
 * by hand.
 */

export type Method = "GET" | "POST";

export interface Probe {
  method: Method;
  target: SweepUrl;
}

/** What the sweep read of an answer. */
export interface Reply {
  status: number;
  location: string | null;
  /** Single fetch's redirect: a `.data` answer 202 carrying a SingleFetchRedirect (or 204 with X-Remix-Redirect). */
  dataRedirect: string | null;
  contentType: string;
  bodyStart: string;
}

/**
 * What a viewer must get at a path:
 * - "sign-in": a signed-out visitor, at a path of an area of the access rule: sent to sign in (`/`, or
 *   `/?redirectTo=<the path>`);
 * - "refused": a signed-in viewer refused the path: 403, 404, or a redirect to a path they may open (not `/`, the
 *   sign-in page);
 * - "served": anything but a 5xx (the viewer may open it, or it is outside every area: the public pages, the 404).
 *
 * The admin area is held to its rule stated here, not read from `canOpen` (a fault in the shared rule would
 * otherwise be the sweep's expectation too): only an administrator signed in as themselves may open /admin/**.
 * Every other path follows the shared rule, `canOpen` (app/domain/access.ts), with the viewer's own user.
 */
export type Expectation = "sign-in" | "refused" | "served";

export function isAdministrator(viewer: Viewer): boolean {
  return viewer.user.role === "Admin" && viewer.user.returnToUserId === null;
}

export function expectationFor(viewer: Viewer | null, pathname: string): Expectation {
  if (!viewer) return inAdminArea(pathname) || featureOfPath(pathname) !== null ? "sign-in" : "served";
  if (inAdminArea(pathname)) return isAdministrator(viewer) ? "served" : "refused";
  return canOpen(viewer, pathname) ? "served" : "refused";
}

/** May the viewer open the path a refusal redirects to (by the same rules)? */
function mayOpen(viewer: Viewer, pathname: string): boolean {
  return expectationFor(viewer, pathname) === "served";
}

/**
 * Single fetch's redirect (`.data` only), as React Router 7 writes it: HTTP 202 with a turbo-stream body, either
 * `[["SingleFetchRedirect",1],{…"redirect":…}]` (a loader's redirect, or one thrown before the route ran) or
 * `[{…"redirect":…,"status":3xx…}]` (an action's); or the 204 with `X-Remix-Redirect` that React Router's client
 * also reads as a redirect. The redirect's target, or null.
 */
export function singleFetchRedirect(status: number, headers: Headers, body: string): string | null {
  if (status === 204) return headers.get("x-remix-redirect");
  if (status !== 202) return null;
  try {
    const flat = JSON.parse(body.split("\n")[0] ?? "") as unknown[];
    const head = flat[0];
    const fields = (
      Array.isArray(head) && head[0] === "SingleFetchRedirect" ? flat[head[1] as number] : head
    ) as Record<string, number>;
    let redirect: unknown = null;
    let redirectStatus: unknown = null;
    for (const [key, value] of Object.entries(fields)) {
      const name = flat[Number(key.slice(1))];
      if (name === "redirect") redirect = flat[value];
      if (name === "status") redirectStatus = flat[value];
    }
    if (
      typeof redirect === "string" &&
      typeof redirectStatus === "number" &&
      redirectStatus >= 300 &&
      redirectStatus < 400
    )
      return redirect;
  } catch {
    // not a stream single fetch writes: no redirect
  }
  return null;
}

/** The path a redirect's target names (relative to the portal), or null for another origin. */
function pathOfTarget(target: string, portal: string): string | null {
  const url = new URL(target, portal);
  return url.origin === new URL(portal).origin ? url.pathname : null;
}

/** Where a reply sends the client: a 3xx's Location or a single-fetch redirect. */
export function redirectOf(reply: Reply): string | null {
  if (reply.status >= 300 && reply.status < 400 && reply.location) return reply.location;
  return reply.dataRedirect;
}

/** What is wrong with a reply for what the viewer must get, or null. */
export function problemOf(
  expectation: Expectation,
  reply: Reply,
  viewer: Viewer | null,
  pathname: string,
  portal: string,
): string | null {
  if (reply.status >= 500 || reply.status === 0) return `answered ${reply.status}`;
  if (expectation === "served") return null;
  const redirect = redirectOf(reply);
  const to = redirect === null ? null : pathOfTarget(redirect, portal);
  if (expectation === "sign-in") {
    if (to === "/") return null;
    return `signed out: expected a redirect to sign in, got ${describe(reply)}`;
  }
  if (reply.status === 403 || reply.status === 404) return null;
  // A redirect away from a refused URL leads somewhere this viewer may open (never back into the refused area), and
  // not to sign in: that would be a session lost, which would make every refusal look right.
  if (to !== null && to !== "/" && to !== pathname && viewer && mayOpen(viewer, to)) return null;
  return `refused by the access rule: expected 403, 404 or a redirect to a page the viewer may open, got ${describe(reply)}`;
}

export function describe(reply: Reply): string {
  const redirect = redirectOf(reply);
  return `${reply.status}${redirect ? ` → ${redirect}` : ""} (${reply.contentType || "no content type"}: ${JSON.stringify(reply.bodyStart)})`;
}

export interface Finding {
  method: Method;
  url: string;
  account: string;
  problem: string;
}

export interface SweepResult {
  requests: number;
  /** /healthz requests, each after a batch's answers. */
  checks: number;
  findings: Finding[];
  /** The portal stopped answering /healthz: the batch whose check failed first, the requests that may have killed
   * it (one of them did). */
  died: null | { after: Probe; suspects: Probe[]; health: string };
  replies: Array<{ probe: Probe; reply: Reply; expectation: Expectation }>;
}

async function reply(portal: string, probe: Probe, cookie: string | null): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  const init: RequestInit = { method: probe.method, redirect: "manual", signal: AbortSignal.timeout(10_000) };
  if (probe.method === "POST") {
    // A form post as the portal's own page sends it (its Origin is the portal's, so the cross-site write check
    // lets it through to the route), with nothing in it.
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = new URL(portal).origin;
    init.body = "";
  }
  init.headers = headers;
  try {
    const response = await fetch(`${portal}${probe.target.url}`, init);
    const body = await response.text();
    return {
      status: response.status,
      location: response.headers.get("location"),
      dataRedirect: probe.target.data ? singleFetchRedirect(response.status, response.headers, body) : null,
      contentType: response.headers.get("content-type") ?? "",
      bodyStart: body.slice(0, 160),
    };
  } catch (error) {
    return { status: 0, location: null, dataRedirect: null, contentType: "", bodyStart: String(error) };
  }
}

/** /healthz's status ("200"), or why there was none. */
export async function health(portal: string): Promise<string> {
  try {
    const response = await fetch(`${portal}/healthz`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
}

/**
 * Sends the probes with `cookie` (null: signed out) in batches of one or two (a page's GET and POST), `concurrency`
 * batches at a time; once a batch's answers are in, /healthz must be 200. Stops at the first /healthz that is not:
 * the portal died, and every probe sent but not yet followed by a healthy /healthz is a suspect, in the order sent
 * (one of them killed it).
 */
export async function sweep(options: {
  portal: string;
  account: string;
  cookie: string | null;
  viewer: Viewer | null;
  batches: ReadonlyArray<readonly Probe[]>;
  concurrency: number;
}): Promise<SweepResult> {
  const { portal, account, cookie, viewer, batches, concurrency } = options;
  const result: SweepResult = { requests: 0, checks: 0, findings: [], died: null, replies: [] };
  const unconfirmed = new Set<Probe>();
  let next = 0;
  const send = async (probe: Probe) => {
    unconfirmed.add(probe);
    const answer = await reply(portal, probe, cookie);
    result.requests++;
    const expectation = expectationFor(viewer, probe.target.pathname);
    result.replies.push({ probe, reply: answer, expectation });
    const problem = problemOf(expectation, answer, viewer, probe.target.pathname, portal);
    if (problem) result.findings.push({ method: probe.method, url: probe.target.url, account, problem });
  };
  const worker = async () => {
    while (!result.died && next < batches.length) {
      const batch = batches[next++]!;
      await Promise.all(batch.map(send));
      const status = await health(portal);
      result.checks++;
      if (status !== "200") {
        result.died ??= { after: batch[batch.length - 1]!, suspects: [...unconfirmed], health: status };
        return;
      }
      for (const probe of batch) unconfirmed.delete(probe);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}
