/** The seed's dates are relative to the day it runs (issue 11): pinned-day values and invariants on any day. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommissionStatementsResponseSchema } from "../../../app/.server/upstream/schemas/commissions.ts";
import { CenterResourcesResponseSchema } from "../../../app/.server/upstream/schemas/contracting.ts";
import { DocumentNotificationsResponseSchema } from "../../../app/.server/upstream/schemas/profile.ts";
import { AdminSystemNotificationsResponseSchema } from "../../../app/admin/sections/system_notifications/contract.server.ts";
import { type ReferenceApi, startReferenceApi } from "../index.ts";
import {
  SEED_FREE_NPNS,
  SEED_PENDING_ACCOUNT,
  SEED_USERS,
  licenseExpiresOn,
  seedNpnRegistry,
} from "../accounts/seed.ts";
import { seedPolicies } from "../book-of-business/seed.ts";
import { commissionPaidOn, seedMoney, statementPeriods } from "../commission-statements/seed.ts";
import {
  FUTURE_CERTIFICATION_IN_DAYS,
  PAST_CERTIFICATION_IN_DAYS,
  SEED_CARRIER_PRODUCTS,
  certificationDate,
  futureCertificationDate,
  pastCertificationDate,
  seedContractingEntries,
} from "../contracting/seed.ts";
import { seedDownlinePolicies } from "../downlines/seed.ts";
import { seedInvitations } from "../invitations/seed.ts";
import { seedOnboardingSteps } from "../onboarding/seed.ts";
import { eoCertificateExpiredOn, seedDocumentNotifications, seedSystemNotifications } from "../profile/seed.ts";
import { commissionInquiryStatement, seedTickets } from "../conversations/seed-tickets.ts";
import { seedNotices } from "../system-notifications/seed.ts";
import { type SeedDates, seedDates, spokenDay } from "./seed-dates.ts";
import { silentLogger, tempDbPath, testClient } from "../core/test-support.ts";

const PINNED = seedDates("2031-05-10");

describe("the seed on a pinned day (2031-05-10)", () => {
  it("recertifications ~2 months ahead and ~8 months ago; the E&O certificate expired in December", () => {
    expect(futureCertificationDate(PINNED)).toBe("2031-07-09");
    expect(pastCertificationDate(PINNED)).toBe("2030-09-12");
    expect(
      certificationDate(
        SEED_CARRIER_PRODUCTS.find((cp) => cp.id === 104)!,
        PINNED,
      ),
    ).toBe("2031-07-26");
    expect(seedDocumentNotifications(PINNED)[0]!.message).toBe(
      "Your Errors & Omissions certificate expired on 2030-12-31. Upload a current certificate.",
    );
  });

  it("notifications of the last weeks; licenses expire at the end of a month ahead", () => {
    expect(seedSystemNotifications(PINNED).map((n) => n.publishedAt)).toEqual([
      "2031-04-18T14:00:00.000Z",
      "2031-04-26T16:30:00.000Z",
      "2031-04-05T13:15:00.000Z",
    ]);
    const docs = SEED_USERS.find((u) => u.email === "docs@demo.test")!;
    expect(docs.licenses.map((l) => licenseExpiresOn(l, PINNED))).toEqual(["2032-12-31", "2031-08-31"]);
  });

  it("statements of the 12 months up to April 2031; the open inquiry is about February's", () => {
    const periods = statementPeriods(PINNED);
    expect([periods[0], periods.at(-1)]).toEqual(["2030-05", "2031-04"]);
    expect(commissionInquiryStatement(PINNED)).toBe("Statement 2031-02");
    const inquiry = seedTickets(PINNED).find((t) => t.id === 4)!;
    expect([inquiry.subject, inquiry.reference, inquiry.messages[0]!.body]).toEqual([
      "Missing commissions on Statement 2031-02",
      "Statement 2031-02",
      "Two of my new enrollments from January are not on Statement 2031-02.",
    ]);
    expect(commissionPaidOn("2030-12")).toBe("2031-01-15");
  });

  it("policies start within the 48 months ending next month", () => {
    const starts = seedPolicies(PINNED).map((p) => p.effectiveDate);
    expect(starts.every((d) => d >= "2027-07-01" && d <= "2031-06-01" && d.endsWith("-01"))).toBe(true);
    expect(starts).toContain("2031-06-01");
  });
});

/** Two days apart in month, year and month length, and one at a month's end. */
const DAYS = ["2027-01-03", "2030-03-31", "2033-08-29"].map((day) => seedDates(day));
/** A timestamp's or date's day (YYYY-MM-DD). */
const dayOf = (value: string) => value.slice(0, 10);
const order = <T>(items: T[], key: (item: T) => string, id: (item: T) => number) =>
  [...items].sort((a, b) => key(a).localeCompare(key(b)) || id(a) - id(b)).map(id);

describe.each(DAYS)("the seed's invariants on $day", (dates: SeedDates) => {
  it("recertifications: the future ones after the day, the past ones before", () => {
    for (const cp of SEED_CARRIER_PRODUCTS) {
      const date = certificationDate(cp, dates);
      if (cp.certificationInDays === null) expect(date).toBeNull();
      else expect(date! > dates.day).toBe(cp.certificationInDays > 0);
    }
    expect(SEED_CARRIER_PRODUCTS.some((cp) => cp.certificationInDays === FUTURE_CERTIFICATION_IN_DAYS)).toBe(true);
    expect(SEED_CARRIER_PRODUCTS.some((cp) => cp.certificationInDays === PAST_CERTIFICATION_IN_DAYS)).toBe(true);
  });

  it("expired things before the day, licenses after it", () => {
    const expired = eoCertificateExpiredOn(dates);
    expect(expired < dates.day).toBe(true);
    expect(seedDocumentNotifications(dates)[0]!.message).toContain(`expired on ${expired}.`);
    for (const u of SEED_USERS) for (const l of u.licenses) expect(licenseExpiresOn(l, dates)! > dates.day).toBe(true);
  });

  it("notifications published within the 6 weeks before the day, newest first as 2, 1, 3", () => {
    const notifications = seedSystemNotifications(dates);
    for (const n of notifications) {
      expect(n.publishedAt >= dates.daysAgo(42, "00:00") && n.publishedAt < dates.daysAgo(0, "00:00")).toBe(true);
    }
    expect(
      order(
        notifications,
        (n) => n.publishedAt,
        (n) => n.id,
      ).reverse(),
    ).toEqual([2, 1, 3]);
  });

  it("the maintenance notice (2) has ended before the day (issue 20); 1 ends ahead, 3 has no end", () => {
    const [annual, maintenance, carrier] = seedSystemNotifications(dates);
    expect(maintenance!.endsAt! < dates.daysAgo(0, "00:00")).toBe(true);
    expect(maintenance!.endsAt! > maintenance!.publishedAt).toBe(true);
    expect(annual!.endsAt! > dates.daysAgo(-1, "00:00")).toBe(true);
    expect(carrier!.endsAt).toBeNull();
  });

  it("notices that name a day name the right one (issue 37 §3): the call on the notice's last day, the night before maintenance ended, the upgrade's Sunday while it shows", () => {
    const call = seedNotices(dates).find((n) => n.id === 5)!;
    expect(call.message).toContain(` on ${spokenDay(call.endsAt!)} at 10:00 AM ET`);
    const maintenance = seedSystemNotifications(dates).find((n) => n.id === 2)!;
    expect(maintenance.message).toContain(` on ${spokenDay(dates.daysAgo(12))} from 11:00 PM`);
    const upgrade = seedNotices(dates).find((n) => n.id === 7)!;
    const sunday = /on (Sunday, \w+ \d+)\./.exec(upgrade.message)?.[1];
    const days = Array.from({ length: 7 }, (_, i) => dates.daysAgo(-5 - i));
    expect(days.filter((d) => d < upgrade.endsAt! && spokenDay(d) === sunday)).toHaveLength(1);
  });

  it("invitations, tickets, contracting entries and onboarding in the past, in the seed's order", () => {
    const invitations = seedInvitations(dates);
    for (const i of invitations)
      expect(i.sentAt > dates.daysAgo(365, "00:00") && dayOf(i.sentAt) < dates.day).toBe(true);
    // agency@'s in id order, the Expired one first (oldest).
    const agency = invitations.filter((i) => i.userId === 5);
    expect(
      order(
        agency,
        (i) => i.sentAt,
        (i) => i.id,
      ),
    ).toEqual(agency.map((i) => i.id));
    expect(agency[0]!.status).toBe("Expired");
    // A pending one works until 14 days after the day; the others ran out before it.
    for (const i of invitations) {
      if (i.status === "Sent") expect(dayOf(i.expiresAt)).toBe(dates.daysFromNow(14));
      else expect(i.expiresAt < dates.daysAgo(0, "00:00")).toBe(true);
    }

    const tickets = seedTickets(dates);
    for (const t of tickets) for (const m of t.messages) expect(dayOf(m.createdAt) < dates.day).toBe(true);
    expect(
      order(
        tickets,
        (t) => t.messages[0]!.createdAt,
        (t) => t.id,
      ).reverse(),
    ).toEqual([2, 4, 6, 5, 1, 7, 3]);
    // The open inquiry is written after the statement it is about was paid.
    const inquiry = tickets.find((t) => t.id === 4)!;
    const period = inquiry.reference!.replace("Statement ", "");
    expect(statementPeriods(dates)).toContain(period);
    expect(dayOf(inquiry.messages[0]!.createdAt) > commissionPaidOn(period)).toBe(true);

    const entries = seedContractingEntries(dates);
    for (const e of entries) expect(dayOf(e.updatedAt) < dates.day).toBe(true);
    expect(
      order(
        entries,
        (e) => e.updatedAt,
        (e) => e.id,
      ),
    ).toEqual(
      order(
        seedContractingEntries(DAYS[0]!),
        (e) => e.updatedAt,
        (e) => e.id,
      ),
    );
    for (const s of seedOnboardingSteps(dates)) expect(dayOf(s.completedAt!) < dates.day).toBe(true);
  });

  it("statements: 12 consecutive months ending last month, the newest draft, each paid the 15th of the next", () => {
    const periods = statementPeriods(dates);
    expect(periods).toHaveLength(12);
    expect(periods.at(-1)).toBe(dates.monthsAgo(1));
    periods.forEach((p, i) => expect(p).toBe(dates.monthsAgo(12 - i)));
    expect(commissionPaidOn("2026-12")).toBe("2027-01-15");
    const { statements, lines } = seedMoney(dates);
    expect(statements.every((s) => periods.includes(s.period))).toBe(true);
    expect(statements.every((s) => (s.period === periods.at(-1)) === (s.status === "draft"))).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(statements.map((s) => s.carrierId)).size).toBeGreaterThanOrEqual(6);
  });

  it("policies: pending ones start in the last 12 months up to next month, ended ones 10+ months ago", () => {
    for (const p of [...seedPolicies(dates), ...seedDownlinePolicies(dates)]) {
      expect(p.effectiveDate <= dates.monthStart(1)).toBe(true);
      if (p.status === "Pending") expect(p.effectiveDate >= dates.monthStart(-10)).toBe(true);
      if (p.status === "Terminated" || p.status === "Canceled")
        expect(p.effectiveDate < dates.monthStart(-10)).toBe(true);
    }
  });

  it("counts do not depend on the day: same policies, statuses and commission lines", () => {
    const strip = <T extends { effectiveDate?: string; period?: string; paidOn?: string }>(rows: readonly T[]) =>
      rows.map(({ effectiveDate: _e, period: _p, paidOn: _o, ...rest }) => rest);
    const reference = DAYS[0]!;
    expect(strip(seedPolicies(dates))).toEqual(strip(seedPolicies(reference)));
    expect(strip(seedDownlinePolicies(dates))).toEqual(strip(seedDownlinePolicies(reference)));
    expect(seedMoney(dates).lines.map(({ id, kind, amountCents, state }) => [id, kind, amountCents, state])).toEqual(
      seedMoney(reference).lines.map(({ id, kind, amountCents, state }) => [id, kind, amountCents, state]),
    );
  });
});

describe("the Annual Enrollment Period notice reads as of the seed day (issue 37 §3)", () => {
  const message = (day: string) => seedSystemNotifications(seedDates(day))[0]!.message;

  it("before October: next year's certifications, due by October 1 of this year", () => {
    for (const day of ["2031-01-05", "2031-05-10", "2031-09-30"])
      expect(message(day)).toBe(
        "The Medicare Annual Enrollment Period for 2032 plans runs from October 15 to December 7, 2031. Carriers open their certifications for 2032 in the summer: complete yours before October 1, when marketing of 2032 plans begins.",
      );
  });

  it("from October (posted in the period, read after it): no deadline that has passed, the plans' year named", () => {
    for (const day of ["2031-10-01", "2031-11-15", "2031-12-07", "2031-12-31"]) {
      expect(message(day)).toBe(
        "Plans chosen in the Medicare Annual Enrollment Period (October 15 to December 7, 2031) take effect on January 1, 2032. Ready to Sell shows the plans you can sell and the certifications you still need.",
      );
      expect(message(day)).not.toContain("before October 1");
    }
  });
});

describe("the accounts of the seed (issue 13)", () => {
  it("pending@ is an Agent waiting for activation, with an NPN of the registry that is not a free one", () => {
    expect(SEED_PENDING_ACCOUNT).toMatchObject({
      id: 12,
      email: "pending@demo.test",
      role: "Agent",
      firstName: "Pat",
      lastName: "Pending",
    });
    expect(SEED_USERS.map((u) => u.id)).not.toContain(SEED_PENDING_ACCOUNT.id);
    expect(SEED_FREE_NPNS).not.toContain(SEED_PENDING_ACCOUNT.npnNumber);
  });

  it("the registry: every seed account's NPN with its name, and 40 free NPNs 19000001…19000040", () => {
    const registry = seedNpnRegistry();
    expect(SEED_FREE_NPNS).toHaveLength(40);
    expect([SEED_FREE_NPNS[0], SEED_FREE_NPNS.at(-1)]).toEqual(["19000001", "19000040"]);
    const npns = registry.map((r) => r.npn);
    expect(new Set(npns).size).toBe(npns.length);
    for (const u of [...SEED_USERS, SEED_PENDING_ACCOUNT].filter((u) => u.npnNumber)) {
      expect(registry).toContainEqual({ npn: u.npnNumber, firstName: u.firstName, lastName: u.lastName });
    }
    const taken = new Set(SEED_USERS.map((u) => u.npnNumber));
    for (const npn of SEED_FREE_NPNS) {
      expect(npns).toContain(npn);
      expect(taken.has(npn)).toBe(false);
    }
    expect(registry.every((r) => /^\d{1,10}$/.test(r.npn) && r.firstName && r.lastName)).toBe(true);
  });
});

describe("a reference API with a pinned seed day", () => {
  const { dbPath, remove } = tempDbPath("reference-api-seed-day-");
  let api: ReferenceApi;
  const { ok, send, tokenOf } = testClient(() => api.url);

  beforeAll(async () => {
    api = await startReferenceApi({ dbPath, port: 0, allowReset: true, logger: silentLogger, seedDay: "2031-05-10" });
  });
  afterAll(async () => {
    await api?.close();
    remove();
  });

  async function expectPinnedSeed() {
    const agency = { token: await tokenOf("agency@demo.test") };
    const statements = await ok(CommissionStatementsResponseSchema, "GET", "/api/commissions/statements", agency);
    expect(statements.period).toBe("2031-03"); // two months back: last month's statements are draft
    const resources = await ok(
      CenterResourcesResponseSchema,
      "GET",
      "/api/learning_center/center_resources?carrierProductId=101",
      agency,
    );
    expect(resources.learningCenterResources[0]!.certificationDate).toBe("2031-07-09");
    // The notices' dates as the admin list has them (issue 22: /api/profile/notifications shows only started ones,
    // and these start in 2031).
    const notices = await ok(
      AdminSystemNotificationsResponseSchema,
      "GET",
      "/api/admin/system_notifications?audience=everyone&sort=startsAt&order=DESC",
      {
        token: await tokenOf("admin@demo.test"),
      },
    );
    expect(notices.records.filter((n) => n.id <= 3).map((n) => n.startsAt)).toEqual([
      "2031-04-26T16:30:00.000Z",
      "2031-04-18T14:00:00.000Z",
      "2031-04-05T13:15:00.000Z",
    ]);
    const { documentNotifications } = await ok(
      DocumentNotificationsResponseSchema,
      "GET",
      "/api/profile/document_notifications",
      { token: await tokenOf("docs@demo.test") },
    );
    expect(documentNotifications[0]!.message).toContain("expired on 2030-12-31.");
  }

  it("seeds, resets and resets one user as of that day", async () => {
    await expectPinnedSeed();
    expect((await send("POST", "/__reset")).status).toBe(204);
    expect((await send("POST", "/__reset", { json: { email: "docs@demo.test" } })).status).toBe(204);
    await expectPinnedSeed();
  });
});
