import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Cookie, type Page, expect, test as base } from "@playwright/test";
import axe from "axe-core";
import { PORTAL_PORT, REFERENCE_API_PORT } from "../../playwright.config";
import { formWithButton } from "../support/html-forms";

export const PASSWORD = "demo-pass-123";
const REFERENCE_API = `http://127.0.0.1:${REFERENCE_API_PORT}`;
/** The portal as its e-mails link to it (PUBLIC_URL's default: http://localhost:<PORT>). */
const PORTAL_URL = `http://localhost:${PORTAL_PORT}`;

/**
 * The page fits its viewport: the document never scrolls sideways. Polled: right after a resize from desktop
 * width the layout is still settling (the navigation's slide-out was once measured at 394 px of 390); an
 * overflow that stays fails.
 */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${what} scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Waits for the page's CSS transitions and animations that end to end (those that repeat forever are left): after a
 * resize the navigation slides in or out, and a layout measured mid-slide is not the one that stands.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What axe finds on the page as it stands, one "rule: elements" line per violation. Every rule axe runs by default,
 * run the quick way: axe-core's script put into the document once (a navigation starts a new one), run there
 * ("legacy mode": the portal draws no iframes, so there are no other frames to combine results from in a page of
 * their own), keeping only the violations and sending back only their lines. AxeBuilder (@axe-core/playwright) put
 * the 1.3 MB script into the page twice on every call and sent back every rule's result: about 0.5 s a page more,
 * which the suite's hundreds of axe runs add up (issue 36).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.evaluate(`${axe.source};axe.configure({ allowedOrigins: ["<same_origin>"] });`);
  return page.evaluate(async () => {
    const found = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await found.run(document, { resultTypes: ["violations"] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/**
 * Axe finds nothing on the page as it stands. With JavaScript off (`javaScriptEnabled` false) there is nothing to
 * check: the server draws the same document, and the JavaScript-on run of the same flow checks it.
 */
export async function expectAxeClean(page: Page, javaScriptEnabled = true): Promise<void> {
  if (!javaScriptEnabled) return;
  expect(await axeViolations(page), `axe on ${page.url()}`).toEqual([]);
}

/** No text in the page's main area is cut off (an element narrower than its text that hides the rest). */
export async function expectNoTruncatedText(page: Page): Promise<void> {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        const hides = style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
        // Visually hidden on purpose (read by screen readers only: a stacked table's header row) is not cut off.
        const screenReaderOnly = style.clipPath !== "none" || el.getBoundingClientRect().width <= 1;
        return (
          hides && !screenReaderOnly && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? "").trim() !== ""
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth} > ${el.clientWidth} px): ${(el.textContent ?? "").slice(0, 40)}`,
      ),
  );
  expect(cut, "truncated text").toEqual([]);
}

/**
 * The session each account's first sign-in in this worker started, for the read-only project's next sign-ins (a
 * sign-in through the form costs a page, scrypt and a redirect; a cookie costs nothing). One browser context at a
 * time holds it: two contexts sharing an upstream session would share its end (the admin's "Sign in as user" in
 * one signs the other out), so a second context signed in meanwhile gets a session of its own, as before. The
 * mutation specs sign in through the form every time: they change accounts (roles, passwords, sessions), and a
 * session cookie keeps what sign-in read.
 */
interface SavedSession {
  cookies: Cookie[];
  holder: BrowserContext | null;
}
const savedSessions = new Map<string, SavedSession>();

function hold(saved: SavedSession, context: BrowserContext): void {
  saved.holder = context;
  context.once("close", () => {
    if (saved.holder === context) saved.holder = null;
  });
}

/**
 * Signs in and waits for the landing page (`path`, or the account's home). The sign-in form is read from the page at
 * `path` (tests/support/html-forms.ts: its action, fields by their labels, hidden fields such as redirectTo) and posted
 * over HTTP with the browser context's own cookie jar, then the browser opens where the answer redirects: a real
 * sign-in through the real form, without drawing and hydrating the sign-in page first (issue 36: that cost about
 * 1.5 s a test). The sign-in spec, which is about the page itself, types into it (`signInWithForm`). A read-only spec
 * whose worker signed this account in before reuses that session: its cookie then opens `path` directly, as the same
 * browser would. A session that ended meanwhile (a test signed out) falls back to signing in. `path` must be a page
 * drawn with the menu (signed in is read there): sign in at the home before opening Contract Now's dialog page.
 */
export async function loginAs(page: Page, email: string, options: { path?: string } = {}): Promise<void> {
  const reuse = test.info().project.name === "read-only";
  const saved = reuse ? savedSessions.get(email) : undefined;
  if (saved && saved.holder === null) {
    const signedIn = page.getByTestId("signed-in-as");
    await page.context().addCookies(saved.cookies);
    await page.goto(options.path ?? "/");
    await expect(signedIn.or(page.getByRole("textbox", { name: "E-mail" })).first()).toBeVisible({
      timeout: 15_000,
    });
    if (await signedIn.isVisible()) return hold(saved, page.context());
    savedSessions.delete(email);
  }
  if (test.info().file.endsWith("sign-in.spec.ts")) await signInWithForm(page, email, options.path);
  else await signInOverHttp(page, email, options.path);
  if (!reuse || savedSessions.has(email)) return;
  const fresh: SavedSession = {
    cookies: (await page.context().cookies()).filter((c) => c.name.endsWith("portal_session")),
    holder: null,
  };
  hold(fresh, page.context());
  savedSessions.set(email, fresh);
}

/** Signs in through the sign-in page as a user does: drawn, typed into, the button clicked. */
async function signInWithForm(page: Page, email: string, path = "/"): Promise<void> {
  await page.goto(path);
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Signing in runs scrypt in the in-process reference API: allow for a loaded CI machine.
  await expect(page.getByTestId("signed-in-as")).toBeVisible({ timeout: 15_000 });
}

/** Signs in by posting the sign-in form read from the page at `path`, then opens the page it redirects to. */
async function signInOverHttp(page: Page, email: string, path = "/"): Promise<void> {
  const request = page.context().request;
  const shown = await request.get(path);
  expect(shown.status(), `GET ${path}`).toBe(200);
  const form = formWithButton(await shown.text(), shown.url(), "Sign in")
    .fill("E-mail", email)
    .fill("Password", PASSWORD);
  expect(form.method).toBe("post");
  const answer = await request.post(form.action, {
    headers: { "content-type": form.enctype, origin: new URL(form.action).origin },
    data: form.body("Sign in").toString(),
    maxRedirects: 0,
  });
  expect(answer.status(), `sign-in of ${email}: ${await answer.text()}`).toBeGreaterThanOrEqual(300);
  expect(answer.status()).toBeLessThan(400);
  await page.goto(new URL(answer.headers().location ?? "/", form.action).toString());
  // Every signed-in page shows who is signed in in its menu.
  await expect(page.getByTestId("signed-in-as")).toBeVisible({ timeout: 15_000 });
}

/** Restores one account's data to the reference API's seed (its sessions stay valid; others untouched). */
export async function resetAccount(email: string): Promise<void> {
  const response = await fetch(`${REFERENCE_API}/__reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(204);
}

/**
 * Holds one account for a spec that changes it, across the suite's worker processes: a second spec asking for
 * the same account waits until the first lets go (docs@: the tickets, profile, NIPR, carrier feeds and ready to
 * sell specs all reset and change it). The lock is a directory, named by this run's reference API port.
 *
 * The time spent waiting is added to the running test's (or hook's) timeout: a spec's limit measures its own
 * work, however many specs queued for the account before it. `waitMs` only ends a wait that would never end.
 */
export async function lockAccount(email: string, waitMs = 900_000): Promise<() => void> {
  const dir = join(tmpdir(), `portal-e2e-${REFERENCE_API_PORT}-${email}`);
  const info = test.info();
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(dir);
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() - started > waitMs) throw new Error(`${email} stayed locked by another spec for ${waitMs} ms`);
      const before = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
      // Pushed along as it waits: the deadline must move before the wait could reach it.
      info.setTimeout(info.timeout + (Date.now() - before));
    }
  }
}

/** Ends every upstream session of a user, as an expired session would. */
export async function revokeSessions(email: string): Promise<void> {
  const response = await fetch(`${REFERENCE_API}/__revoke_sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(204);
}

/** An e-mail the reference API wrote to its outbox (GET /__outbox). */
export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** Every href of its HTML. */
  links: string[];
}

/**
 * The e-mails the reference API sent to `to` (any case), newest first; it answers once the e-mails of the
 * requests it has answered are out.
 */
export async function outbox(to: string): Promise<OutboxEmail[]> {
  const response = await fetch(`${REFERENCE_API}/__outbox?${new URLSearchParams({ to, limit: "50" })}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { emails: OutboxEmail[] }).emails;
}

/** The newest link in the e-mails to `to` that starts with the portal's URL + `pathPrefix` (e.g. "/registration/"). */
export async function latestLink(to: string, pathPrefix: string): Promise<string> {
  for (const email of await outbox(to)) {
    const link = email.links.find((l) => l.startsWith(`${PORTAL_URL}${pathPrefix}`));
    if (link) return link;
  }
  throw new Error(`no e-mail to ${to} links to ${PORTAL_URL}${pathPrefix}`);
}

/** The labels of the main menu, in order, children included. */
export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  // An entry's own text is its label: a parent's children are rendered beside it, not inside it.
  const labels = (nodes: Element[]) => nodes.map((n) => (n.textContent ?? "").trim());
  // Logout is the last entry of spec §2's menu; it sits in the header's user menu (issue 11).
  const userMenu = page.locator(".user-menu [data-menu-item]");
  return [...(await menu.locator("[data-menu-item]").evaluateAll(labels)), ...(await userMenu.evaluateAll(labels))];
}

/**
 * Waits, when JavaScript runs, until React has hydrated the page (root.tsx marks `<html data-hydrated>`):
 * a click or a typed value during hydration can be lost. Pages not drawn by the portal do not wait.
 */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Fails the test on any console error or uncaught exception in the test's pages (hydration warnings included).
 * `page.goto` and `page.reload` return once the page is hydrated (see `hydrated`).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
  consoleErrors: [
    // On the context, not the page: a test that only makes HTTP requests opens no page for it (issue 36).
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      context.on("weberror", (error) => errors.push(error.error().message));
      await use(errors);
      // Form errors (400), refused or unknown URLs (403/404), a decision on a record changed since it was shown (409),
      // links that no longer work (410) and a limiter's refusal (429) answer so on purpose: the browser logs the
      // failed resource load.
      const unexpected = errors.filter(
        (e) => !/Failed to load resource: the server responded with a status of (400|403|404|409|410|429)/.test(e),
      );
      expect(unexpected, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
