import { Writable } from "node:stream";
import dayjs from "dayjs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdminNiprAlertResponseSchema,
  AdminNiprAlertsResponseSchema,
} from "../../../app/admin/sections/nipr_pdb_alerts/contract.server.ts";
import { ALREADY_HANDLED, NO_OPEN_HOLD } from "../../../app/admin/sections/nipr_pdb_alerts/records.ts";
import { holdsRefusal } from "../../../app/domain/nipr-holds.ts";
import { formatDate } from "../../../app/domain/formats.ts";
import {
  AdminNiprHistoryResponseSchema,
  AdminNiprSyncResponseSchema,
} from "../../../app/admin/sections/nipr_history/contract.server.ts";
import { NiprLicenseConfigResponseSchema } from "../../../app/admin/sections/nipr_license_config/contract.server.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import {
  expectError,
  expectFields,
  sqlite,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
} from "../core/test-support.ts";
import { arrivalStatements } from "./arrival.ts";
import { alertOf, stableHash } from "./daily.ts";
import { NOT_A_BROKER } from "./routes.ts";
import { DOCS_LAPSED_ALERT_ID, SEED_NIPR_PASSWORD, weekdaysBefore } from "./seed.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-nipr-");
let api: ReferenceApi;
const logLines: string[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const as = async (email: string, method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf(email), json });
const admin = async (method: string, path: string, json?: unknown) => as("admin@demo.test", method, path, json);

beforeAll(async () => {
  api = await startTestApi(dbPath, { logger });
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const adminToken = async () => tokenOf("admin@demo.test");

describe("NIPR PDB alerts", () => {
  it("lists the seeded alerts with their facets, filters by category, producer, month and handled", async () => {
    const token = await adminToken();
    const all = await ok(AdminNiprAlertsResponseSchema, "GET", "/api/admin/nipr_pdb_alerts?perPage=100", { token });
    const docs = all.records.find((a) => a.id === DOCS_LAPSED_ALERT_ID)!;
    expect(docs).toMatchObject({
      kind: "license_lapsed",
      category: "licenses",
      state: "PA",
      blocking: true,
      handled: false,
      producer: { id: 4, npn: "16554093" },
      day: weekdaysBefore(testSeed, 1),
    });
    expect(all.facets.category.map((f) => f.value)).toEqual([
      "licenses",
      "appointments",
      "regulatory_actions",
      "demographics",
    ]);
    const regulatory = await ok(
      AdminNiprAlertsResponseSchema,
      "GET",
      "/api/admin/nipr_pdb_alerts?category=regulatory_actions",
      {
        token,
      },
    );
    expect(regulatory.records.length).toBeGreaterThan(0);
    expect(regulatory.records.every((a) => a.category === "regulatory_actions")).toBe(true);
    const open = await ok(AdminNiprAlertsResponseSchema, "GET", "/api/admin/nipr_pdb_alerts?handled=no&userId=4", {
      token,
    });
    expect(open.records.map((a) => a.id)).toContain(DOCS_LAPSED_ALERT_ID);
    expect(open.records.every((a) => !a.handled && a.producer.id === 4)).toBe(true);
    const month = docs.day.slice(0, 7);
    const byMonth = await ok(AdminNiprAlertsResponseSchema, "GET", `/api/admin/nipr_pdb_alerts?period=${month}`, {
      token,
    });
    expect(byMonth.records.every((a) => a.day.startsWith(month))).toBe(true);
    expect((await admin("GET", "/api/admin/nipr_pdb_alerts?period=2025-13")).status).toBe(422);
    expectError(await as("agent@demo.test", "GET", "/api/admin/nipr_pdb_alerts"), 403, ADMIN_ONLY_AREA);
    expectError(await as("agent@demo.test", "POST", `/api/admin/nipr_pdb_alerts/${DOCS_LAPSED_ALERT_ID}/handle`), 403);
  });

  it("docs@'s lapsed PA license was applied when it arrived; Mark handled records the review only, once", async () => {
    const day = weekdaysBefore(testSeed, 1);
    const db = sqlite(dbPath);
    const paAndHolds = async () => ({
      pa: (await db.execute("SELECT status, expires_on FROM licenses WHERE user_id = 4 AND state = 'PA'")).rows[0],
      holds: (await db.execute("SELECT state, message, created_at, resolved_at FROM nipr_holds WHERE user_id = 4"))
        .rows,
    });
    try {
      // Issue 37 §1: before anyone handles it, the license is Expired as of the alert's day and PA is on hold.
      const seeded = await paAndHolds();
      expect(seeded.pa).toMatchObject({ status: "Expired", expires_on: day });
      expect(seeded.holds).toEqual([
        expect.objectContaining({
          state: "PA",
          message: `PA license lapsed per NIPR on ${formatDate(day)}. New contract requests do not cover PA until it is resolved: contact your agency.`,
          created_at: `${day}T06:00:00.000Z`,
          resolved_at: null,
        }),
      ]);
      const profile = await as("docs@demo.test", "GET", "/api/profile");
      expect((profile.json as { profile: { niprHolds: unknown[] } }).profile.niprHolds).toEqual([
        { state: "PA", kind: "license_lapsed", since: day, message: expect.stringContaining("PA license lapsed") },
      ]);
      const before = await ok(
        AdminNiprAlertResponseSchema,
        "GET",
        `/api/admin/nipr_pdb_alerts/${DOCS_LAPSED_ALERT_ID}`,
        {
          token: await adminToken(),
        },
      );
      expect(before.record).toMatchObject({ handled: false, hold: { state: "PA", since: `${day}T06:00:00.000Z` } });

      const handled = await admin("POST", `/api/admin/nipr_pdb_alerts/${DOCS_LAPSED_ALERT_ID}/handle`, {
        note: "Called Thomas",
      });
      expect(handled.status, handled.text).toBe(200);
      // The review changes nothing on docs@'s record.
      expect(await paAndHolds()).toEqual(seeded);
      // A hold is not a document notification (those block every request, spec §6).
      const notices = await db.execute("SELECT document_name FROM document_notifications WHERE user_id = 4");
      expect(notices.rows.map((r) => String(r.document_name)).join()).not.toContain("NIPR");
    } finally {
      db.close();
    }
    const record = await ok(AdminNiprAlertResponseSchema, "GET", `/api/admin/nipr_pdb_alerts/${DOCS_LAPSED_ALERT_ID}`, {
      token: await adminToken(),
    });
    expect(record.record).toMatchObject({
      handled: true,
      handledBy: "Grace Harper",
      note: "Called Thomas",
      hold: { state: "PA", resolvedAt: null },
    });
    expect(record.history[0]).toMatchObject({ action: "handled", note: "Called Thomas" });
    expectError(await admin("POST", `/api/admin/nipr_pdb_alerts/${DOCS_LAPSED_ALERT_ID}/handle`), 409, ALREADY_HANDLED);
    expectError(await admin("POST", "/api/admin/nipr_pdb_alerts/99999/handle"), 404);
    expectFields(await admin("POST", `/api/admin/nipr_pdb_alerts/2/handle`, { note: "x".repeat(501) }));
  });

  it("the seed's handled regulatory action put its hold on arrival, resolved by staff", async () => {
    const db = sqlite(dbPath);
    try {
      const holds = await db.execute("SELECT state, resolved_by FROM nipr_holds WHERE alert_id = 8");
      expect(holds.rows).toEqual([expect.objectContaining({ state: "NC", resolved_by: "Nora Whitfield" })]);
      expect((await as("beta@demo.test", "GET", "/api/profile")).text).not.toContain("NC regulatory action");
    } finally {
      db.close();
    }
  });

  it("holds leave their state out of agent@'s new requests, refuse one when no state is left, until resolved", async () => {
    const db = sqlite(dbPath);
    // Two carrier products agent@ (user 1, licensed in FL and GA) has no contract state with.
    const free = await db.execute(
      `SELECT id FROM carrier_products WHERE id NOT IN (SELECT carrier_product_id FROM contracting_entries WHERE user_id = 1)
       ORDER BY id LIMIT 2`,
    );
    const [first, second] = free.rows.map((r) => Number(r.id));
    // A weekday: the daily alerts' test below finds no alert on a weekend.
    const weekday = weekdaysBefore(testSeed, 1);
    const statesOf = async (carrierProductId: number) =>
      (
        await db.execute({
          sql: "SELECT states FROM contracting_entries WHERE user_id = 1 AND carrier_product_id = ?",
          args: [carrierProductId!],
        })
      ).rows[0]?.states;
    try {
      // Issue 37 §1: the alert holds GA as it arrives, nobody handles it.
      await db.batch(
        arrivalStatements({
          id: 900,
          userId: 1,
          day: weekday,
          kind: "license_lapsed",
          state: "GA",
          summary: "GA license 3219876 lapsed.",
          detail: {},
        }),
        "write",
      );
      // The GA hold: on the profile (the broker's notification), not among the document notifications.
      const profile = await as("agent@demo.test", "GET", "/api/profile");
      expect((profile.json as { profile: { niprHolds: unknown[] } }).profile.niprHolds).toEqual([
        expect.objectContaining({
          state: "GA",
          message: expect.stringContaining("GA license lapsed per NIPR"),
        }),
      ]);
      const notices = await as("agent@demo.test", "GET", "/api/profile/document_notifications");
      expect((notices.json as { documentNotifications: unknown[] }).documentNotifications).toEqual([]);
      // A request now covers FL, not GA.
      const made = await as("agent@demo.test", "POST", "/api/profile/contracting_entries", {
        carrierProductIds: [first],
      });
      expect(made.status, made.text).toBe(201);
      const covered = JSON.parse(String(await statesOf(first!))) as string[];
      expect(covered).toContain("FL");
      expect(covered).not.toContain("GA");

      // Regulatory actions in every state left (FL's is 902): the next request is refused, naming the held states.
      for (const [i, state] of covered.entries()) {
        await db.batch(
          arrivalStatements({
            id: state === "FL" ? 902 : 910 + i,
            userId: 1,
            day: weekday,
            kind: "regulatory_action",
            state,
            summary: "Department of Insurance: administrative action opened.",
            detail: {},
          }),
          "write",
        );
      }
      expectError(
        await as("agent@demo.test", "POST", "/api/profile/contracting_entries", { carrierProductIds: [second] }),
        422,
        holdsRefusal([...covered, "GA"].sort()),
      );
      expect(await statesOf(second!)).toBeUndefined();

      // Resolving the FL hold (once) covers FL again.
      expectError(await admin("POST", "/api/admin/nipr_pdb_alerts/901/resolve_hold"), 404);
      const resolved = await admin("POST", "/api/admin/nipr_pdb_alerts/902/resolve_hold", { note: "Action closed" });
      expect(resolved.status, resolved.text).toBe(200);
      const record = AdminNiprAlertResponseSchema.pick({ record: true }).parse(resolved.json).record;
      expect(record.hold).toMatchObject({ state: "FL", resolvedBy: "Grace Harper" });
      expectError(await admin("POST", "/api/admin/nipr_pdb_alerts/902/resolve_hold"), 409, NO_OPEN_HOLD);
      expectError(await admin("POST", `/api/admin/nipr_pdb_alerts/2/resolve_hold`), 409, NO_OPEN_HOLD);
      expectError(await as("agent@demo.test", "POST", "/api/admin/nipr_pdb_alerts/902/resolve_hold"), 403);
      const again = await as("agent@demo.test", "POST", "/api/profile/contracting_entries", {
        carrierProductIds: [second],
      });
      expect(again.status, again.text).toBe(201);
      expect(await statesOf(second!)).toBe('["FL"]');
      await db.execute("UPDATE nipr_holds SET resolved_at = 'test' WHERE user_id = 1");
      const history = await ok(AdminNiprAlertResponseSchema, "GET", "/api/admin/nipr_pdb_alerts/902", {
        token: await adminToken(),
      });
      expect(history.history[0]).toMatchObject({ action: "hold_resolved", note: "Action closed" });
    } finally {
      db.close();
    }
  });

  it("a license alert with a new expiry date moves the broker's license to it as it arrives", async () => {
    const db = sqlite(dbPath);
    try {
      await db.batch(
        arrivalStatements({
          id: 901,
          userId: 3,
          day: weekdaysBefore(testSeed, 1),
          kind: "license_expiry_changed",
          state: "AZ",
          summary: "AZ extended.",
          detail: { expiresOn: "2031-06-30" },
        }),
        "write",
      );
      const az = await db.execute("SELECT status, expires_on FROM licenses WHERE user_id = 3 AND state = 'AZ'");
      expect(az.rows[0]).toMatchObject({ status: "Active", expires_on: "2031-06-30" });
    } finally {
      db.close();
    }
  });
});

describe("the daily alerts", () => {
  it("are deterministic by day and NPN, rare, and made once per weekday after the seed day", async () => {
    const p = {
      userId: 1,
      npn: "17845210",
      name: "Maria Alvarez",
      licenses: [{ state: "FL", number: "W1", expiresOn: null }],
    };
    expect(alertOf("2030-03-11", p)).toEqual(alertOf("2030-03-11", p));
    expect(stableHash("a")).toBe(stableHash("a"));
    let days = 0;
    let alerts = 0;
    for (let d = 1; d <= 28; d++) {
      days++;
      if (alertOf(`2030-02-${String(d).padStart(2, "0")}`, { ...p, npn: String(10000 + d) })) alerts++;
    }
    expect(alerts).toBeLessThan(days / 4);
    // The demo accounts (demo-data.md fixes their state) never get an alert that would hold their requests.
    const blocking = ["license_lapsed", "license_revoked", "regulatory_action"];
    let held = 0;
    for (let n = 0; n < 8000; n++) {
      const day = dayjs("2030-01-01").add(n, "day").format("YYYY-MM-DD");
      if (blocking.includes(alertOf(day, p)?.kind ?? "")) held++;
      expect(blocking).not.toContain(alertOf(day, { ...p, demo: true })?.kind);
    }
    expect(held).toBeGreaterThan(0);

    const today = new Date().toISOString().slice(0, 10);
    const start = dayjs(today).subtract(10, "day").format("YYYY-MM-DD");
    const weekdays = Array.from({ length: 10 }, (_, i) => dayjs(start).add(i + 1, "day")).filter(
      (d) => d.day() !== 0 && d.day() !== 6,
    ).length;
    const db = sqlite(dbPath);
    try {
      await db.execute({ sql: "UPDATE nipr_config SET generated_through = ?", args: [start] });
      const count = async () =>
        Number((await db.execute("SELECT COUNT(*) AS n FROM nipr_syncs WHERE trigger = 'daily'")).rows[0]!.n);
      const before = await count();
      // Reading the history (or the alerts) makes the missing days' files, once.
      expect((await admin("GET", "/api/admin/nipr_history")).status).toBe(200);
      expect((await admin("GET", "/api/admin/nipr_pdb_alerts")).status).toBe(200);
      expect((await count()) - before).toBe(weekdays);
      const through = await db.execute("SELECT generated_through FROM nipr_config");
      expect(through.rows[0]!.generated_through).toBe(today);
      const made = await db.execute({ sql: "SELECT day FROM nipr_alerts WHERE day > ?", args: [start] });
      expect(made.rows.every((r) => ![0, 6].includes(dayjs(String(r.day)).day()))).toBe(true);
      // Each blocking alert of the file held its state as it arrived (issue 37 §1).
      const unheld = await db.execute({
        sql: `SELECT a.id FROM nipr_alerts a LEFT JOIN nipr_holds h ON h.alert_id = a.id
              WHERE a.day > ? AND a.kind IN ('license_lapsed', 'license_revoked', 'regulatory_action') AND h.id IS NULL`,
        args: [start],
      });
      expect(unheld.rows).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe("NIPR history and Sync now", () => {
  it("counts the producers the license settings track: every daily file and weekly scan asks about them all", async () => {
    const token = await adminToken();
    const { config } = await ok(NiprLicenseConfigResponseSchema, "GET", "/api/admin/nipr_license_config", { token });
    expect(config.tracking).toBe("all");
    const history = await ok(AdminNiprHistoryResponseSchema, "GET", "/api/admin/nipr_history?perPage=100", { token });
    const daily = history.records.filter((s) => s.trigger === "daily" && s.status === "succeeded");
    const weekly = history.records.filter((s) => s.trigger === "weekly");
    expect(daily.length).toBeGreaterThan(10);
    expect(weekly.length).toBeGreaterThan(0);
    for (const s of daily) expect(s.producers).toBe(config.activeProducers);
    // A partial scan: every tracked producer asked about, less the ones that failed.
    for (const s of weekly) expect(s.producers).toBe(config.activeProducers - s.failures.length);
  });

  it("Sync now adds a history row for one broker, newest first; a broker without an NPN fails with the reason", async () => {
    const token = await adminToken();
    const created = await admin("POST", "/api/admin/nipr_history/sync", { userId: 4 });
    expect(created.status, created.text).toBe(201);
    const row = AdminNiprSyncResponseSchema.pick({ record: true }).parse(created.json).record;
    expect(row).toMatchObject({ trigger: "manual", by: "Grace Harper", producers: 1, status: "succeeded" });
    expect(row.summary).toContain("Thomas Becker (NPN 16554093)");
    const list = await ok(AdminNiprHistoryResponseSchema, "GET", "/api/admin/nipr_history?trigger=manual", { token });
    expect(list.records[0]!.id).toBe(row.id);
    expectFields(await admin("POST", "/api/admin/nipr_history/sync", { userId: 9 }));
    expect((await admin("POST", "/api/admin/nipr_history/sync", { userId: 9 })).text).toContain(NOT_A_BROKER);
    expectFields(await admin("POST", "/api/admin/nipr_history/sync", { userId: "4" }));
    expectError(await as("agent@demo.test", "POST", "/api/admin/nipr_history/sync", { userId: 4 }), 403);
    const seeded = await ok(AdminNiprHistoryResponseSchema, "GET", "/api/admin/nipr_history?status=failed", { token });
    expect(seeded.records.some((s) => s.failures.some((f) => f.includes("HTTP 503")))).toBe(true);
  });
});

describe("NIPR license settings", () => {
  it("never answers nor logs the password; a chosen list must name active producers; the changes are audited", async () => {
    const token = await adminToken();
    const got = await client.send("GET", "/api/admin/nipr_license_config", { token });
    expect(got.text).not.toContain(SEED_NIPR_PASSWORD);
    const config = NiprLicenseConfigResponseSchema.parse(got.json).config;
    expect(config).toMatchObject({ passwordSet: true, tracking: "all", warningDays: 60, costCents: 95 });
    expect(config.activeProducers).toBeGreaterThan(100);

    const secret = "New-Secret-Value-991";
    const saved = await admin("PATCH", "/api/admin/nipr_license_config", {
      password: secret,
      tracking: "chosen",
      trackedUserIds: [1, 4],
      warningDays: 45,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toContain(secret);
    expect(NiprLicenseConfigResponseSchema.parse(saved.json).config).toMatchObject({
      tracking: "chosen",
      trackedUserIds: [1, 4],
      warningDays: 45,
    });
    expect(logLines.join("")).not.toContain(secret);
    // The profile's "Expires soon" follows the warning window.
    const profile = await as("agent@demo.test", "GET", "/api/profile");
    expect((profile.json as { profile: { licenseWarningDays: number } }).profile.licenseWarningDays).toBe(45);
    const db = sqlite(dbPath);
    try {
      const audit = await db.execute("SELECT changes FROM admin_audit WHERE resource = 'nipr_license_config'");
      expect(audit.rows.length).toBe(1);
      expect(String(audit.rows[0]!.changes)).not.toContain(secret);
      expect(String(audit.rows[0]!.changes)).toContain("password");
    } finally {
      db.close();
    }
    expectFields(await admin("PATCH", "/api/admin/nipr_license_config", { trackedUserIds: [9] }));
    expectFields(await admin("PATCH", "/api/admin/nipr_license_config", { warningDays: 0 }));
    expectFields(await admin("PATCH", "/api/admin/nipr_license_config", { tracking: "chosen", trackedUserIds: [] }));
    expectFields(await admin("PATCH", "/api/admin/nipr_license_config", []));
    expectError(await as("agent@demo.test", "GET", "/api/admin/nipr_license_config"), 403);
  });

  it("the producer database answers a producer's licenses, appointments and demographics by NPN", async () => {
    const res = await admin("GET", "/api/admin/nipr/producers/16554093");
    expect(res.status).toBe(200);
    const { producer } = res.json as { producer: { licenses: Array<{ state: string; resident: boolean }> } };
    expect(producer.licenses.map((l) => l.state)).toEqual(["OH", "PA"]);
    expect(producer.licenses[0]!.resident).toBe(true);
    expectError(await admin("GET", "/api/admin/nipr/producers/00000001"), 404);
  });
});
