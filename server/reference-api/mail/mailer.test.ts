/**
 * The mailer (issue 13): the e-mails' texts and escaped HTML, the SMTP path (a local SMTP sink that records
 * what it is sent, and one that is not there), and that the reference API's log never carries a token or a
 * link, whatever request names one.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { SendMailOptions } from "nodemailer";
import {
  activationEmail,
  alreadyRegisteredEmail,
  escapeHtml,
  invitationEmail,
  passwordChangedEmail,
  resetEmail,
  verifyEmail,
} from "./mailer.ts";
import { hrefsOf } from "../app.ts";
import type { ReferenceApi } from "../index.ts";
import { DEMO_PASSWORD, SEED_PENDING_ACCOUNT } from "../accounts/seed.ts";
import { outboxOf, sqlite, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";

const HOSTILE = `<img src=x onerror="alert('x')"> & "Co"`;
const TOKEN = "A".repeat(20) + "_-" + "b".repeat(21);

describe("the e-mails", () => {
  const base = "https://portal.example.com/";
  const all = [
    invitationEmail(base, {
      to: "a@example.com",
      firstName: HOSTILE,
      agencyName: HOSTILE,
      level: "Agent",
      token: TOKEN,
    }),
    verifyEmail(base, { to: "a@example.com", firstName: HOSTILE, token: TOKEN }),
    alreadyRegisteredEmail(base, { to: "a@example.com", firstName: HOSTILE }),
    activationEmail(base, { to: `a+${HOSTILE}@example.com`, firstName: HOSTILE, token: TOKEN }),
    resetEmail(base, { to: "a@example.com", firstName: HOSTILE, token: TOKEN }),
    passwordChangedEmail(base, { to: "a@example.com", firstName: HOSTILE }),
  ];

  it("link into the portal at its base URL (no double slash), in the text and as the HTML's hrefs", () => {
    expect(all.map((e) => hrefsOf(e.html))).toEqual([
      [`https://portal.example.com/registration/${TOKEN}`],
      [`https://portal.example.com/account/verify/${TOKEN}`],
      ["https://portal.example.com/", "https://portal.example.com/account/update_password"],
      [`https://portal.example.com/account/activate/${TOKEN}`],
      [`https://portal.example.com/account/update_password/${TOKEN}`],
      ["https://portal.example.com/account/update_password"],
    ]);
    for (const e of all) for (const link of hrefsOf(e.html)) expect(e.text).toContain(link);
    expect(all.map((e) => e.kind)).toEqual([
      "invitation",
      "verify",
      "already-registered",
      "activate",
      "reset",
      "password-changed",
    ]);
  });

  it("escape every value they quote in the HTML; the text keeps it as written", () => {
    for (const e of all) {
      expect(e.html).not.toContain("<img");
      expect(e.html).not.toMatch(/onerror="/);
      expect(e.html).toContain(escapeHtml(HOSTILE));
      expect(e.text).toContain(HOSTILE);
    }
    expect(all[0]!.subject).toBe(`${HOSTILE} invites you to the Agent Portal`);
    expect(all[0]!.html).toContain(`<title>${escapeHtml(all[0]!.subject)}</title>`);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("say how long each link works", () => {
    expect(all[0]!.text).toContain("14 days");
    expect(all[1]!.text).toContain("24 hours");
    expect(all[3]!.text).toContain("7 days");
    expect(all[4]!.text).toContain("1 hour");
  });
});

const REPLIES: Record<string, string> = { EHLO: "250-sink\r\n250 8BITMIME\r\n", DATA: "354 go on\r\n" };

/** An SMTP server that accepts every message and keeps it (no TLS, no authentication). */
async function smtpSink() {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 sink ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") current.from = line;
        if (verb === "RCPT") current.to.push(line);
        if (verb === "DATA") inData = true;
        if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write(REPLIES[verb] ?? "250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    close: async () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A pino logger at trace level whose lines are kept. */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: pino({ level: "trace" }, stream), text: () => lines.join("") };
}

describe("sending through SMTP (SMTP_URL)", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("sends from MAIL_FROM through the server, and writes nothing to the outbox", async () => {
    const sink = await smtpSink();
    const { dbPath, remove } = tempDbPath("reference-api-smtp-");
    const api = await startTestApi(dbPath, { smtpUrl: sink.url, mailFrom: "Portal Team <team@portal.example>" });
    cleanups.push(
      remove,
      async () => api.close(),
      async () => sink.close(),
    );
    const { send, tokenOf } = testClient(() => api.url);
    const invited = await send("POST", "/api/downline_invitations", {
      token: await tokenOf("agency@demo.test"),
      json: { email: "smtp.person@example.com", firstName: "Sam", lastName: "Person", level: "Agent" },
    });
    expect(invited.status, invited.text).toBe(201);
    // Only the seed's e-mail (pending@'s activation) is in the outbox; the invitation went to the sink.
    expect((await outboxOf(api.url)).map((m) => m.to)).toEqual([SEED_PENDING_ACCOUNT.email]);
    expect(sink.messages).toHaveLength(1);
    const [message] = sink.messages;
    expect(message!.from).toContain("<team@portal.example>");
    expect(message!.to).toEqual(["RCPT TO:<smtp.person@example.com>"]);
    expect(message!.data).toMatch(/^From: Portal Team <team@portal\.example>$/m);
    expect(message!.data).toMatch(/^Subject: Chen Senior Benefits Group invites you to the Agent Portal$/m);
    expect(message!.data).toContain("text/html");
    expect(message!.data.replace(/=\r\n/g, "")).toMatch(/https:\/\/portal\.test\/registration\/[\w-]{43}/);
    // The e-mail log (issue 22 §2.5): sent, its body not kept (a one-time link).
    const db = sqlite(dbPath);
    const logged = await db.execute("SELECT * FROM email_log WHERE to_address = 'smtp.person@example.com'");
    db.close();
    expect(logged.rows.map((r) => [r.kind, r.status, r.failure_reason, r.text_body])).toEqual([
      ["invitation", "sent", null, null],
    ]);
  });

  it("a server that is not there: the answer is the same, the failure logged without the link", async () => {
    const sink = await smtpSink();
    await sink.close(); // its port now refuses connections
    const { dbPath, remove } = tempDbPath("reference-api-smtp-down-");
    const log = recordingLogger();
    const api = await startTestApi(dbPath, { smtpUrl: sink.url, logger: log.logger });
    cleanups.push(remove, async () => api.close());
    const { send, tokenOf } = testClient(() => api.url);
    const invited = await send("POST", "/api/downline_invitations", {
      token: await tokenOf("agency@demo.test"),
      json: { email: "no.server@example.com", firstName: "No", lastName: "Server", level: "Agent" },
    });
    expect(invited.status, invited.text).toBe(201);
    expect((await send("POST", "/api/account/password_reset", { json: { email: "agent@demo.test" } })).status).toBe(
      202,
    );
    await outboxOf(api.url);
    const text = log.text();
    expect(text).toContain('"msg":"e-mail not sent"');
    expect(text).toContain('"kind":"invitation"');
    expect(text).toContain('"kind":"reset"');
    expect(text).not.toMatch(/registration\/[\w-]{43}/);
    expect(text).not.toMatch(/update_password\/[\w-]{43}/);
    // The e-mail log (issue 22 §2.5): each one failed, with the reason.
    const db = sqlite(dbPath);
    const logged = await db.execute(
      "SELECT kind, status, failure_reason FROM email_log WHERE to_address IN ('no.server@example.com', 'agent@demo.test')",
    );
    db.close();
    expect(logged.rows.map((r) => [r.kind, r.status])).toEqual([
      ["invitation", "failed"],
      ["reset", "failed"],
    ]);
    for (const r of logged.rows) expect(String(r.failure_reason)).toMatch(/ECONNREFUSED/);
  });
});

describe("the reference API's log", () => {
  const { dbPath, remove } = tempDbPath("reference-api-log-");
  const log = recordingLogger();
  const sent: SendMailOptions[] = [];
  let api: ReferenceApi;
  afterAll(async () => {
    await api?.close();
    remove();
  });

  it("never carries a token, whether the request names it in its path or its body", async () => {
    api = await startTestApi(dbPath, {
      logger: log.logger,
      // A fake transport: the e-mails are kept here (as SMTP_URL would send them).
      mailTransport: {
        sendMail: async (mail: SendMailOptions) => {
          sent.push(mail);
          return { messageId: String(sent.length) };
        },
      } as never,
    });
    const { send, tokenOf } = testClient(() => api.url);
    const tokenIn = (kind: string) => {
      const mail = [...sent].reverse().find((m) => String(m.html).includes(kind))!;
      return /\/([\w-]{43})"/.exec(String(mail.html))![1]!;
    };
    const email = "log.watch@example.com";
    await send("POST", "/api/downline_invitations", {
      token: await tokenOf("agency@demo.test"),
      json: { email, firstName: "Lo", lastName: "Watch", level: "Agent" },
    });
    await outboxOf(api.url);
    const invitation = tokenIn("/registration/");
    expect((await send("GET", `/api/registration/${invitation}`)).status).toBe(200);
    const registered = await send("POST", `/api/registration/${invitation}`, {
      json: {
        firstName: "Lo",
        lastName: "Watch",
        npn: "19000001",
        phone: "5552014410",
        password: "Tulip-Harbor-Lantern-92",
        termsAccepted: true,
      },
    });
    expect(registered.status, registered.text).toBe(201);
    await outboxOf(api.url);
    const verify = tokenIn("/account/verify/");
    expect((await send("POST", "/api/account/verify", { json: { token: verify } })).status).toBe(200);
    expect((await send("POST", "/api/account/verify", { json: { token: verify } })).status).toBe(410);
    await send("POST", "/api/account/password_reset", { json: { email } });
    await outboxOf(api.url);
    const reset = tokenIn("/account/update_password/");
    expect((await send("GET", `/api/account/password_reset/${reset}`)).status).toBe(200);
    expect(
      (
        await send("PUT", "/api/account/password_reset", {
          json: { token: reset, password: "Copper-Meadow-Violin-57" },
        })
      ).status,
    ).toBe(200);
    await send("POST", "/api/account/activation_request", { json: { email: SEED_PENDING_ACCOUNT.email } });
    await outboxOf(api.url);
    const activation = tokenIn("/account/activate/");
    expect((await send("GET", `/api/account/activation/${activation}`)).status).toBe(200);
    expect((await send("GET", `/api/registration/${invitation}`)).status).toBe(410);
    expect((await send("GET", `/api/account/activation/${"Z".repeat(43)}`)).status).toBe(404);
    expect((await send("POST", "/api/login", { json: { email, password: DEMO_PASSWORD } })).status).toBe(401);
    await outboxOf(api.url);

    const text = log.text();
    expect(text).toContain("reference-api request");
    expect(text).toContain('"path":"/api/registration/[redacted]"');
    expect(text).toContain('"path":"/api/account/activation/[redacted]"');
    expect(text).toContain('"path":"/api/account/password_reset/[redacted]"');
    for (const token of [invitation, verify, reset, activation, "Z".repeat(43)]) expect(text).not.toContain(token);
    expect(sent.map((m) => m.to)).toEqual([email, email, email, email, SEED_PENDING_ACCOUNT.email]);
  });
});
