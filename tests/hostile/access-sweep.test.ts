import { readFileSync } from "node:fs";
import { createCookie } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { decrypt, encrypt } from "../../app/.server/crypto";
import { SessionUserSchema } from "../../app/.server/upstream/schemas/session";
import type { Viewer } from "../../app/domain/access";
import { ADMIN_SECTIONS } from "../../app/domain/admin/sections";
import routes from "../../app/routes";
import { type Finding, type Probe, health, isAdministrator, sweep } from "./access-sweep";
import { IDS, endsSession, expandPattern, routePatterns, sectionKeys, sweepPages } from "./route-table";
import { PASSWORD, form, nextAddress, portal, referenceApi, send, watchOutput } from "./support";

/**
 * Issue 35 §1: the access sweep, generated from the route table (app/routes.ts, imported) and the admin section
 * catalogue, so that a route added later is swept without being listed anywhere (route-table.ts). Every route
 * pattern, as its document URL and its `.data` twin (React Router's single fetch), GET and POST (an empty form, with
 * the portal's own Origin so that the cross-site write check lets it reach the route), for every role and state
 * below. A page's GET and POST go together, four pages at a time; once both are answered, /healthz must be 200 (a
 * failure names the account and the requests that may have killed the process).
 *
 * A viewer refused a URL (the admin area for everyone but an administrator signed in as themselves, by the rule
 * stated in access-sweep.ts; elsewhere the shared rule, canOpen) must get a 403, a 404 or a redirect to a page they
 * may open; a signed-out visitor, at any page of an area, a redirect to sign in. What the viewer may open must be
 * answered without a 5xx. The portal writes nothing on stdout or stderr meanwhile (it logs at error level: a fault
 * it caught is a finding too). The refusal forms (access-sweep.ts): a document's 403/404 (HTML, or JSON from a
 * resource route) or 3xx with Location; a `.data` request's HTTP 403/404 (turbo-stream body), or its redirect, HTTP
 * 202 with a SingleFetchRedirect (or an action's redirect) in the body. A `.data` 200 carrying an error is no refusal.
 *
 * Every URL (all section keys, ids 1 and 999999999, every library, document kind and onboarding step: 667 pages) is
 * swept for three viewers, one for each way the admin area must refuse: signed out (no session), agent@ (a
 * non-admin's session: the upstream refuses its token admin calls too) and admin@ signed in as finance@ (an
 * administrator's token while impersonating: the upstream would serve it, so only the portal's own refusal stands
 * between it and every admin page). Every other role and state gets every route pattern once (the k-th value of each
 * parameter for the k-th account, so that they take different section keys and ids). Signed out, each page is sent
 * four times (GET and POST, document and `.data`); signed in, twice: GET and POST, one as the document and the other
 * as `.data`, alternating from page to page and from account to account. The sweep's cost is the portal's CPU
 * (10-20 ms a signed-in request, one process): every form of every URL for every account would take minutes.
 */

/** Who the sweep signs in as: an account (e-mail), admin@ signed in as an account ("as"), or no one. */
interface Account {
  label: string;
  email?: string;
  as?: string;
  /** Every URL, or every route pattern once. */
  every: "url" | "pattern";
  /** Each page as the document and as `.data` for both methods, or one form for each (see probesOf). */
  forms: "both" | "alternate";
  /** Which value of each parameter a pattern is swept with (every: "pattern"); by default the account's place. */
  pick?: number;
}

// beta@ and onboarded@ are left out: their states (the beta tester, a completed onboarding) add no rule of access the
// others do not cover, and each account costs ~5 s.
const ACCOUNTS: Account[] = [
  { label: "signed out", every: "url", forms: "both" },
  { label: "agent@", email: "agent@demo.test", every: "url", forms: "alternate" },
  {
    label: "admin@ signed in as finance@ (an administrator)",
    as: "finance@demo.test",
    every: "url",
    forms: "alternate",
  },
  { label: "newagent@ (no active contracts)", email: "newagent@demo.test", every: "pattern", forms: "alternate" },
  { label: "loa@ (LOA)", email: "loa@demo.test", every: "pattern", forms: "alternate" },
  { label: "docs@ (documents blocked)", email: "docs@demo.test", every: "pattern", forms: "alternate" },
  { label: "onboarding@ (menu locked)", email: "onboarding@demo.test", every: "pattern", forms: "alternate" },
  { label: "agency@", email: "agency@demo.test", every: "pattern", forms: "alternate" },
  { label: "carrier@", email: "carrier@demo.test", every: "pattern", forms: "alternate" },
  // An administrator's empty POSTs reach the actions: on unknown records only (an empty post to a NIPR alert's page
  // handles the alert), so that the sweep changes no seeded record another test reads.
  { label: "finance@ (an administrator)", email: "finance@demo.test", every: "pattern", forms: "alternate", pick: -1 },
  { label: "admin@ signed in as agent@", as: "agent@demo.test", every: "pattern", forms: "alternate" },
];

/** Pages (a GET and a POST each) sent at once: the portal is one process; a few overlap its upstream waits. */
const CONCURRENCY = 4;

/* ---- Sessions ---- */

/** The suite's portal runs in demo mode: its session secret is kept beside its database (session.test.ts). */
const secrets = [readFileSync(".data/hostile/session-secret", "utf8").trim()];
const sessionCookie = createCookie("portal_session", { secrets });

function cookiesOf(answer: { headers: Headers }): string {
  return answer.headers
    .getSetCookie()
    .filter((c) => c.startsWith("portal_session="))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * A session through the sign-in form. tests/hostile/sign-in.test.ts locks loa@ and docs@ (ten wrong passwords: 15
 * minutes), and the files run in either order: a locked account's session is then sealed here as the form would
 * have sealed it (app/.server/auth.ts startSession), from the upstream's own sign-in.
 */
async function sessionFor(email: string): Promise<string> {
  const answer = await send(
    "/?index",
    form(new URLSearchParams({ email, password: PASSWORD }).toString(), {
      headers: { "x-forwarded-for": nextAddress() },
    }),
  );
  if (answer.status === 302) return cookiesOf(answer);
  expect(answer.status, `sign-in as ${email}`).toBe(429);
  const response = await fetch(`${referenceApi}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const login = (await response.json()) as { token: string; user: { role: string; userId: number; npnId: number } };
  const now = Date.now();
  const data = {
    token: login.token,
    role: login.user.role,
    userId: login.user.userId,
    npnId: login.user.npnId,
    smsPrompt: true,
    issuedAt: now,
    seenAt: now,
  };
  return (await sessionCookie.serialize(encrypt(JSON.stringify(data), secrets))).split(";")[0]!;
}

/** admin@ (in a session of its own) signs in as `email` with the admin home's form. */
async function impersonation(email: string): Promise<string> {
  const admin = await sessionFor("admin@demo.test");
  const answer = await send("/admin?index", form(new URLSearchParams({ email }).toString(), { cookie: admin }));
  expect(answer.status, `admin@ signs in as ${email}`).toBe(302);
  return cookiesOf(answer);
}

/** The session's user as the upstream gives it (what the portal's rule reads). */
async function viewerOf(cookie: string): Promise<Viewer> {
  const sealed = (await sessionCookie.parse(cookie)) as string;
  const { token } = JSON.parse(decrypt(sealed, secrets) ?? "{}") as { token: string };
  const response = await fetch(`${referenceApi}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await response.json()) as { user: unknown };
  // BETA_TESTER_EMAIL's default: the suite's portal does not set it.
  return { user: SessionUserSchema.parse(user), betaTesterEmail: "beta@demo.test" };
}

/* ---- The requests ---- */

/**
 * The requests of one account: every page (every URL), or one page of each pattern (the account's pick of values).
 * Each page is sent as GET and as POST: both as the document and as `.data` ("both"), or one as the document and the
 * other as `.data`, alternating from page to page and from account to account ("alternate"). A page's GET and POST
 * go together, followed by one /healthz. Routes that end the session come apart, to be sent last, one at a time.
 */
function batchesOf(account: Account, k: number): { main: Probe[][]; last: Probe[][] } {
  const pages = account.every === "url" ? sweepPages() : sweepPages(routePatterns(), account.pick ?? k);
  const batches: Probe[][] = pages.flatMap((page, i): Probe[][] => {
    if (account.forms === "both")
      return [page.document, page.data].map((target) => [
        { method: "GET", target },
        { method: "POST", target },
      ]);
    const [get, post] = (i + k) % 2 === 0 ? [page.document, page.data] : [page.data, page.document];
    return [
      [
        { method: "GET", target: get },
        { method: "POST", target: post },
      ],
    ];
  });
  return {
    main: batches.filter((b) => !endsSession(b[0]!.target.pathname)),
    last: batches.filter((b) => endsSession(b[0]!.target.pathname)).flatMap((b) => b.map((probe) => [probe])),
  };
}

/* ---- The sweep ---- */

const tally: string[] = [];
let diedAt: string | null = null;
const started = performance.now();
let requests = 0;
let checks = 0;

function line(finding: Finding): string {
  return `${finding.method} ${finding.url} as ${finding.account}: ${finding.problem}`;
}

describe("the access sweep: every route of the table, every role and state, GET and POST (issue 35 §1)", () => {
  afterAll(() => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`access sweep: ${requests} requests and ${checks} /healthz in ${seconds} s\n${tally.join("\n")}`);
  });

  it("is generated from the route table: every route is a pattern with URLs, `:section` takes every section key", () => {
    const patterns = routePatterns();
    // Every route of app/routes.ts with a URL of its own (a path or an index) is one pattern.
    const count = (entries: typeof routes): number =>
      entries.reduce((n, e) => n + (e.index || e.path !== undefined ? 1 : 0) + count(e.children ?? []), 0);
    expect(patterns.length).toBe(count(routes));
    expect(patterns.map((p) => p.pattern)).toEqual(
      expect.arrayContaining(["/", "/admin", "/admin/:section", "/admin/:section/:id/edit", "/*"]),
    );
    const pages = sweepPages();
    const urls = new Set(pages.flatMap((p) => [p.document.url, p.data.url]));
    for (const { pattern } of patterns)
      for (const path of expandPattern(pattern)) expect(urls.has(path), `${pattern}: ${path}`).toBe(true);
    for (const { key } of ADMIN_SECTIONS)
      for (const path of [`/admin/${key}`, `/admin/${key}/new`, `/admin/${key}/export`, `/admin/${key}/${IDS[1]}/edit`])
        for (const url of [path, `${path}.data`]) expect(urls.has(url), url).toBe(true);
    expect(sectionKeys()).toContain("brokers");
    expect(urls.has("/_root.data?index")).toBe(true);
    expect(urls.has("/admin/nipr_license_config/export")).toBe(true);
  });

  ACCOUNTS.forEach((account, k) => {
    it(`${account.label}: every ${account.every === "url" ? "URL" : "route pattern"}, GET and POST`, async () => {
      if (diedAt) expect.fail(`the portal died earlier in the sweep (after ${diedAt}): nothing more can be swept`);
      expect(await health(portal), "/healthz before the account's sweep").toBe("200");
      const cookie = account.as
        ? await impersonation(account.as)
        : account.email
          ? await sessionFor(account.email)
          : null;
      const viewer = cookie ? await viewerOf(cookie) : null;
      if (account.as) expect(viewer?.user.returnToUserId, "an impersonation").not.toBeNull();
      if (viewer && account.email === "finance@demo.test") expect(isAdministrator(viewer)).toBe(true);
      const { main, last } = batchesOf(account, k);
      const output = watchOutput();
      const t0 = performance.now();
      const options = { portal, account: account.label, cookie, viewer };
      const first = await sweep({ ...options, batches: main, concurrency: CONCURRENCY });
      // The session lived through the sweep: its refusals were the rule's, not a signed-out visitor's.
      const alive = cookie && !first.died ? (await send("/basic_profile", { cookie })).status : 200;
      // Sign-out and the end of an impersonation, one at a time once the rest is answered.
      const second = first.died ? null : await sweep({ ...options, batches: last, concurrency: 1 });
      const sent = first.requests + (second?.requests ?? 0);
      requests += sent;
      checks += first.checks + (second?.checks ?? 0);
      tally.push(`  ${account.label}: ${sent} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const died = first.died ?? second?.died ?? null;
      if (died) {
        const name = (p: Probe) => `${p.method} ${p.target.url}`;
        diedAt = `${name(died.after)} as ${account.label}`;
        expect.fail(
          `the portal stopped answering /healthz (${died.health}) after ${diedAt}; ` +
            `one of the requests not yet confirmed healthy killed it: ${died.suspects.map(name).join(", ")}\n` +
            `portal stderr: ${output().stderr.slice(0, 1500)}`,
        );
      }
      const findings = [...first.findings, ...(second?.findings ?? [])].map(line);
      expect(findings, `answers that break the access rule or fail (${findings.length})`).toEqual([]);
      expect(alive, "the session still opens /basic_profile after the sweep").toBe(200);
      expect(output(), "the portal's stdout and stderr during the sweep").toEqual({ stdout: "", stderr: "" });
    }, 180_000);
  });
});
