import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceApi } from "../../server/reference-api/index.ts";
import { startTestApi, tempDbPath, testClient } from "../../server/reference-api/core/test-support.ts";
import { DEFAULT_LIMIT, formatEmails, latestEmails, parseOutboxArgs } from "./outbox.ts";

describe("npm run outbox: its options", () => {
  it("default 5 e-mails to anyone; --to and --limit, also as --flag=value", () => {
    expect(parseOutboxArgs([])).toEqual({ to: null, limit: DEFAULT_LIMIT });
    expect(parseOutboxArgs(["--to", "Pending@demo.test", "--limit", "2"])).toEqual({
      to: "Pending@demo.test",
      limit: 2,
    });
    expect(parseOutboxArgs(["--limit=20", "--to=a@b.c"])).toEqual({ to: "a@b.c", limit: 20 });
    expect(parseOutboxArgs(["--help"])).toEqual({ help: true });
  });

  it("names what is wrong", () => {
    expect(parseOutboxArgs(["--limit", "0"])).toEqual({ error: "--limit must be a whole number from 1 to 100" });
    expect(parseOutboxArgs(["--limit", "x"])).toHaveProperty("error");
    expect(parseOutboxArgs(["--to"])).toEqual({ error: "--to needs a value" });
    expect(parseOutboxArgs(["--from", "x"])).toEqual({ error: "Unknown option --from" });
  });
});

describe("npm run outbox: reading the reference API's database while it runs", () => {
  const { dbPath, remove } = tempDbPath("outbox-script-");
  let api: ReferenceApi;
  beforeAll(async () => {
    api = await startTestApi(dbPath);
  });
  afterAll(async () => {
    await api?.close();
    remove();
  });

  it("the latest e-mails, newest first from the db, printed the newest last with date, to, subject and text", async () => {
    const { send } = testClient(() => api.url);
    for (const email of ["agent@demo.test", "docs@demo.test"]) {
      expect((await send("POST", "/api/account/password_reset", { json: { email } })).status).toBe(202);
    }
    await fetch(`${api.url}/__outbox`); // the e-mails are out

    const all = await latestEmails(dbPath, { to: null, limit: 5 });
    expect(all.map((e) => e.to)).toEqual(["docs@demo.test", "agent@demo.test", "pending@demo.test"]);
    const [pending] = await latestEmails(dbPath, { to: "PENDING@demo.test", limit: 5 });
    expect(pending!.subject).toBe("Activate your Agent Portal account");
    expect(await latestEmails(dbPath, { to: null, limit: 1 })).toHaveLength(1);

    const printed = formatEmails(all, { to: null, limit: 5 });
    expect(printed.split("\n")[0]).toBe("The latest 3 e-mails, the newest last:");
    expect(printed.indexOf("To:      pending@demo.test")).toBeLessThan(printed.indexOf("To:      docs@demo.test"));
    expect(printed).toContain("Subject: Reset your Agent Portal password");
    expect(printed).toMatch(/^#\d+ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/m);
    expect(printed).toMatch(/https:\/\/portal\.test\/account\/update_password\/[\w-]{43}/);
    expect(formatEmails([], { to: "x@y.z", limit: 5 })).toBe("No e-mails to x@y.z in the outbox.");
  });

  it("says so when there is no database", async () => {
    await expect(latestEmails(`${dbPath}.missing`, { to: null, limit: 5 })).rejects.toThrow(
      /No reference API database/,
    );
  });
});
