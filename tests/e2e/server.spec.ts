import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { REFERENCE_API_PORT } from "../../playwright.config";
import {
  PORTAL_ENTRY,
  type ServerProcess,
  freePort,
  spawnServer,
  waitUntilUp as waitForHealth,
} from "../../scripts/lib/portal-process";
import { waitFor } from "../../scripts/lib/wait-for";
import { userFor } from "../support/users";
import { PASSWORD, expect, test } from "./fixtures";

/** These tests start their own portal processes (the compiled build/server/index.js, plain node) beside the shared one. */
// Starting a process (seeding a database) can take tens of seconds on a busy machine: generous time limits.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const SECRET = "an-e2e-session-secret-0123456789";

interface Portal extends ServerProcess {
  url: string;
}

/** A portal process on a free port of its own (the other worker starts its own servers meanwhile). */
async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const server = spawnServer(PORTAL_ENTRY, {
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    PORT: String(port),
    ...env,
  });
  return { ...server, url: `http://localhost:${port}` };
}

/**
 * Waits until the portal listens (/healthz: it answers only once start-up is done), failing at once with its
 * output if it exits first. Not /readyz: some tests here start it with an upstream that is down on purpose.
 */
const waitUntilUp = (portal: Portal) => waitForHealth(portal, `${portal.url}/healthz`, 60_000);

/** The sign-in form's POST, as a browser without JavaScript sends it. */
function postSignIn(portal: Portal): Promise<Response> {
  return fetch(`${portal.url}/?index`, {
    method: "POST",
    body: new URLSearchParams({ email: "agent@demo.test", password: PASSWORD }),
    redirect: "manual",
  });
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, "exit");
  return code as number | null;
}

test("a bad configuration stops start-up with one clear line", async () => {
  const portal = await startPortal({ UPSTREAM_API_URL: "http://127.0.0.1:9" });
  expect(await exitCode(portal.child)).toBe(1);
  const lines = portal.stderr().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("SESSION_SECRET is required when UPSTREAM_API_URL is set in production");
});

test("no demo by accident: without UPSTREAM_API_URL or DEMO=1 the server stops with one clear line", async () => {
  const portal = await startPortal({});
  expect(await exitCode(portal.child)).toBe(1);
  const lines = portal.stderr().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("UPSTREAM_API_URL is not set");
  expect(lines[0]).toContain("DEMO=1");
  // Nothing was started: no reference API, no demo accounts.
  expect(portal.stdout()).not.toContain("reference API");
});

test("as a pure BFF in front of UPSTREAM_API_URL: secure __Host- session cookie, JSON logs without secrets", async () => {
  const portal = await startPortal({
    UPSTREAM_API_URL: `http://127.0.0.1:${REFERENCE_API_PORT}`,
    SESSION_SECRET: `${SECRET},an-older-secret-0123456789`,
  });
  try {
    await waitUntilUp(portal);
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
    const response = await postSignIn(portal);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-portal_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);

    const dashboard = await fetch(`${portal.url}/dashboard`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Maria Alvarez");

    portal.child.kill("SIGTERM");
    expect(await exitCode(portal.child)).toBe(0);
    const logs = portal
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = logs.filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((l) => typeof l.requestId === "string" && typeof l.status === "number")).toBe(true);
    expect(portal.stdout()).not.toContain(PASSWORD);
    expect(portal.stdout()).not.toContain("portal_session=");
  } finally {
    portal.child.kill("SIGKILL");
  }
});

test("an upstream that is down gets a clear message at sign-in, not a crash", async () => {
  const portal = await startPortal({ UPSTREAM_API_URL: "http://127.0.0.1:9", SESSION_SECRET: SECRET });
  try {
    await waitUntilUp(portal);
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(503);
    const response = await postSignIn(portal);
    // Issue 8 point 5: the form comes back with what was typed and the plain message.
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("The service is not answering. Your entries are kept; try again.");
    expect(html).toContain('value="agent@demo.test"');
  } finally {
    portal.child.kill("SIGKILL");
  }
});

test("when the upstream goes down mid-session, sign-out and the sign-in page still work", async () => {
  let down = false;
  const user = userFor({ userId: 7, role: "Agent", firstName: "Uma", lastName: "Upstream", email: "uma@demo.test" });
  const upstream: Server = createServer((req, res) => {
    if (down) return void req.socket.destroy();
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/api/login") return json({ token: "fake-token", user });
    if (req.url === "/api/me") return json({ user });
    if (req.url === "/api/profile") return json({ profile: { licenses: [], smsConsent: true, phone: null } });
    if (req.url === "/api/profile/document_notifications") return json({ documentNotifications: [] });
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  const portal = await startPortal({ UPSTREAM_API_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: SECRET });
  try {
    await waitUntilUp(portal);
    const signIn = await postSignIn(portal);
    expect(signIn.status).toBe(302);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await fetch(`${portal.url}/basic_profile`, { headers: { cookie } })).status).toBe(200);

    down = true;
    const page = await fetch(`${portal.url}/basic_profile`, { headers: { cookie } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("The portal cannot reach its server right now.");
    const signInPage = await fetch(`${portal.url}/`, { headers: { cookie } });
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toContain("Sign in");
    const logout = await fetch(`${portal.url}/account/logout`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
    });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/");
    expect(logout.headers.get("set-cookie")).toMatch(/__Host-portal_session=;.*Expires=Thu, 01 Jan 1970/);
  } finally {
    portal.child.kill("SIGKILL");
    upstream.closeAllConnections();
    upstream.close();
  }
});

test("SIGTERM stops accepting, finishes in-flight requests and exits 0", async () => {
  // An upstream whose health check is answered only once the portal drains, so /readyz is in flight when
  // the signal arrives and still in flight once the portal has seen it: no timing guesswork either way.
  const held: ServerResponse[] = [];
  const answerHeld = () => {
    for (const res of held.splice(0)) res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
  };
  const slow: Server = createServer((req, res) => {
    if (req.url === "/api/health") return void held.push(res);
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  const { port } = slow.address() as AddressInfo;
  const portal = await startPortal({ UPSTREAM_API_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: SECRET });
  try {
    await waitUntilUp(portal);
    const inFlight = fetch(`${portal.url}/readyz`);
    await waitFor(() => held.length > 0, { what: "/readyz asking the upstream", timeoutMs: 20_000 });
    portal.child.kill("SIGTERM");
    await waitFor(() => portal.stdout().includes('"msg":"shutting down: draining"'), {
      what: "the portal draining after SIGTERM",
      timeoutMs: 20_000,
    });
    answerHeld();
    // Answered, not reset; answered after the signal, it says the server is going away.
    const response = await inFlight;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "shutting down" });
    expect(await exitCode(portal.child)).toBe(0);
    await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow();
  } finally {
    portal.child.kill("SIGKILL");
    answerHeld();
    slow.closeAllConnections();
    slow.close();
  }
});

test("behind a TLS-terminating proxy on a public address (TRUST_PROXY=1) sign-in works and gets HSTS", async () => {
  const portal = await startPortal({
    UPSTREAM_API_URL: `http://127.0.0.1:${REFERENCE_API_PORT}`,
    SESSION_SECRET: SECRET,
    TRUST_PROXY: "1",
  });
  try {
    await waitUntilUp(portal);
    const proxied = {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "portal.example.com",
      "x-forwarded-for": "198.51.100.20",
    };
    const response = await fetch(`${portal.url}/?index`, {
      method: "POST",
      headers: { ...proxied, origin: "https://portal.example.com", "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ email: "agent@demo.test", password: PASSWORD }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^__Host-portal_session=/);

    // The same post without the proxy's https: not this site's origin, refused (403) and logged at warn.
    const plain = await fetch(`${portal.url}/?index`, {
      method: "POST",
      headers: { origin: "https://portal.example.com" },
      body: new URLSearchParams({ email: "agent@demo.test", password: PASSWORD }),
      redirect: "manual",
    });
    expect(plain.status).toBe(403);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    portal.child.kill("SIGTERM");
    expect(await exitCode(portal.child)).toBe(0);
    const logs = portal
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logs.find((l) => l.msg === "cross-site write refused")).toMatchObject({ level: 40 });
    expect(logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  } finally {
    portal.child.kill("SIGKILL");
  }
});

test("signed-in HTML and .data answers are private, no-store; health checks carry the security headers", async ({
  request,
}) => {
  const signIn = await request.post("/?index", {
    form: { email: "agent@demo.test", password: PASSWORD },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers()["cache-control"]).toBe("private, no-store");
  for (const path of ["/dashboard", "/dashboard.data", "/basic_profile", "/basic_profile.data"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  for (const path of ["/healthz", "/readyz"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["cache-control"], path).toBe("no-store");
    // Plain http: no HSTS. Through a proxy it trusts (loopback, by default) that says https: HSTS.
    expect(headers["strict-transport-security"], path).toBeUndefined();
    const viaHttps = (await request.get(path, { headers: { "x-forwarded-proto": "https" } })).headers();
    expect(viaHttps["strict-transport-security"], path).toMatch(/max-age=\d+/);
  }
});
