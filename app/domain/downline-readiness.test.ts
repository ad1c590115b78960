import { describe, expect, it } from "vitest";
import { csvText } from "./csv";
import {
  type BrokerFacts,
  LONG_WAIT_DAYS,
  type ReadinessContext,
  actionsSummaryText,
  attentionRank,
  brokerReadiness,
  csvRowsOf,
  downlineReadiness,
  downlineSummaryText,
  expiringOf,
  isIdle,
  isLongWait,
  lastWrittenOf,
  lastWrittenText,
  reminderDetail,
  subtreeOf,
  summaryOf,
  waitingOf,
  waitingSummaryText,
} from "./downline-readiness";
import { aboutThem } from "./readiness";

const TODAY = "2026-11-28";

const context: ReadinessContext = {
  today: TODAY,
  planYear: 2027,
  licenseWarningDays: 60,
  offered: [
    offered(1, "Medicare Advantage", 101, 1, "Blue Harbor"),
    offered(1, "Medicare Advantage", 102, 2, "Evergreen"),
    offered(2, "Medicare Supplement", 201, 1, "Blue Harbor"),
  ],
};

function offered(
  productId: number,
  productName: string,
  carrierProductId: number,
  carrierId: number,
  carrierName: string,
) {
  return {
    productId,
    productName,
    carrierProductId,
    carrierId,
    carrierName,
    certificationLink: null,
    certificationDate: null,
  };
}

const READY_RTS = {
  carrierId: 1,
  statusCode: "RTS",
  displayStatus: "Ready to sell",
  tone: "ready" as const,
  description: "",
};

/** A broker ready to sell Blue Harbor's two products in 2027 (contracts active, license, AHIP, certification, RTS). */
function broker(overrides: Partial<BrokerFacts> = {}): BrokerFacts {
  return {
    userId: 10,
    firstName: "Ada",
    lastName: "Ready",
    role: "Agent",
    npnNumber: "30000010",
    agencyUserId: 5,
    contracts: [contract(101, "active"), contract(201, "active")],
    licenses: [{ state: "FL", status: "Active", expiresOn: "2028-06-30" }],
    niprHolds: [],
    documents: [
      { kind: "ahip", onFile: true, review: "accepted", expiresOn: "2027-12-31" },
      { kind: "eo", onFile: true, review: "accepted", expiresOn: "2027-09-30" },
    ],
    documentNotifications: [],
    certifications: [{ carrierId: 1, planYear: 2027, completedOn: "2026-08-01" }],
    rtsStatuses: [READY_RTS],
    lastWrittenOn: "2026-11-01",
    ...overrides,
  };
}

function contract(
  carrierProductId: number,
  status: "pending" | "denied" | "approved" | "active",
  requestedAt = "2026-10-29T09:00:00.000Z",
) {
  return { carrierProductId, status, lastPublicNote: null, requestedAt, stateSince: requestedAt };
}

describe("one broker", () => {
  it("counts the lines with a contract request, this plan year and next (the next one's carrier certification not done)", () => {
    const r = brokerReadiness(broker(), context);
    expect(r.thisYear).toEqual({ ready: 2, total: 2 });
    expect(r.readyProducts).toEqual(["Blue Harbor Medicare Advantage", "Blue Harbor Medicare Supplement"]);
    // Medicare Supplement needs no certification: ready in 2028 too; Medicare Advantage waits for the 2028 one.
    expect(r.nextYear).toEqual({ ready: 1, total: 2 });
    expect(r.actions).toEqual([]);
    expect(attentionRank(r)).toBe(4);
  });

  it("leaves out products never requested: Evergreen is not a block for a broker who does not work with it", () => {
    const r = brokerReadiness(broker(), context);
    expect(r.actions.some((a) => a.products.some((p) => p.includes("Evergreen")))).toBe(false);
  });

  it("a broker without any request is blocked at the contract step, with their license and documents as they stand", () => {
    const r = brokerReadiness(
      broker({
        contracts: [],
        licenses: [],
        documentNotifications: [{ documentName: "W-9" }],
      }),
      context,
    );
    expect(r.thisYear).toEqual({ ready: 0, total: 0 });
    expect(r.actions.map((a) => [a.step, a.urgent])).toEqual([
      ["contract", true],
      ["license", true],
      ["documents", true],
    ]);
    expect(r.actions[0]?.text).toBe("No contract requests yet: nothing to sell.");
    expect(attentionRank(r)).toBe(0);
  });

  it("one blocked step shared by several lines is one action naming each product", () => {
    const r = brokerReadiness(
      broker({ licenses: [{ state: "FL", status: "Active", expiresOn: "2026-11-01" }] }),
      context,
    );
    expect(r.actions).toHaveLength(1);
    expect(r.actions[0]).toMatchObject({
      step: "license",
      urgent: true,
      products: ["Blue Harbor Medicare Advantage", "Blue Harbor Medicare Supplement"],
    });
    expect(r.actions[0]?.text).toContain("FL: license expired on 11/01/2026");
    expect(reminderDetail(r, "license")).toBe(
      `${r.actions[0]?.text} (Blue Harbor Medicare Advantage, Blue Harbor Medicare Supplement)`,
    );
    expect(reminderDetail(r, "ahip")).toBeNull();
  });

  it("a license running out within the window is a warning action and an expiring item, not a block", () => {
    const r = brokerReadiness(
      broker({
        licenses: [
          { state: "FL", status: "Active", expiresOn: "2028-06-30" },
          { state: "AL", status: "Active", expiresOn: "2026-12-28" },
        ],
      }),
      context,
    );
    expect(r.thisYear.ready).toBe(2);
    expect(r.actions.map((a) => [a.step, a.urgent])).toEqual([["license", false]]);
    expect(r.expiring).toEqual([{ what: "AL license", expiresOn: "2026-12-28", days: 30 }]);
    expect(attentionRank(r)).toBe(1);
  });
});

describe("expiring, waiting, idle", () => {
  it("lists active licenses and an accepted E&O certificate within the warning window, soonest first", () => {
    const facts = broker({
      licenses: [
        { state: "TX", status: "Active", expiresOn: "2027-01-20" },
        { state: "GA", status: "Active", expiresOn: "2027-06-30" },
        { state: "SC", status: "Expired", expiresOn: "2026-12-01" },
        { state: "OH", status: "Active", expiresOn: "2026-11-01" },
      ],
      documents: [{ kind: "eo", onFile: true, review: "accepted", expiresOn: "2026-12-15" }],
    });
    expect(expiringOf(facts, TODAY, 60)).toEqual([
      { what: "E&O Certificate", expiresOn: "2026-12-15", days: 17 },
      { what: "TX license", expiresOn: "2027-01-20", days: 53 },
    ]);
    // A narrower window (the NIPR settings') leaves the TX license out.
    expect(expiringOf(facts, TODAY, 30).map((e) => e.what)).toEqual(["E&O Certificate"]);
  });

  it("lists requests at the desk or the carrier with the days they have waited, oldest first", () => {
    const facts = broker({
      contracts: [
        contract(101, "active"),
        contract(102, "pending", "2026-11-18T10:00:00.000Z"),
        contract(201, "approved", "2026-09-29T10:00:00.000Z"),
      ],
    });
    expect(waitingOf(facts, context.offered, TODAY)).toEqual([
      { product: "Blue Harbor Medicare Supplement", state: "Request being processed", days: 60 },
      { product: "Evergreen Medicare Advantage", state: "Pending contract", days: 10 },
    ]);
  });

  it("nothing written in 90 days, or ever, is idle", () => {
    expect(isIdle(null, TODAY)).toBe(true);
    expect(isIdle("2026-08-30", TODAY)).toBe(true);
    expect(isIdle("2026-08-31", TODAY)).toBe(false);
  });
});

describe("the agency's list", () => {
  const brokers: BrokerFacts[] = [
    broker(),
    broker({
      userId: 11,
      firstName: "Ben",
      lastName: "Blocked",
      agencyUserId: 20,
      contracts: [contract(102, "denied")],
    }),
    broker({ userId: 20, firstName: "Sub", lastName: "Agency", role: "Agency", agencyUserId: 5, lastWrittenOn: null }),
    broker({
      userId: 21,
      firstName: "Deep",
      lastName: "Agent",
      agencyUserId: 20,
      contracts: [contract(101, "pending")],
    }),
  ];

  it("needing action first: blocked, then waiting, then idle, then ready; names break ties", () => {
    const rows = downlineReadiness(brokers, context, { agencyId: null, carrierId: null, step: null });
    expect(rows.map((r) => r.name)).toEqual(["Ben Blocked", "Deep Agent", "Sub Agency", "Ada Ready"]);
  });

  it("a sub-agency is itself and everyone under it, at any depth", () => {
    expect([...subtreeOf(20, brokers)].sort()).toEqual([11, 20, 21]);
    const rows = downlineReadiness(brokers, context, { agencyId: 20, carrierId: null, step: null });
    expect(rows.map((r) => r.userId).sort()).toEqual([11, 20, 21]);
  });

  it("a carrier keeps the brokers with a request there and only that carrier's lines", () => {
    const rows = downlineReadiness(brokers, context, { agencyId: null, carrierId: 2, step: null });
    expect(rows.map((r) => r.userId)).toEqual([11]);
    expect(rows[0]?.thisYear).toEqual({ ready: 0, total: 1 });
  });

  it("a step keeps the brokers with something to do there", () => {
    const rows = downlineReadiness(brokers, context, { agencyId: null, carrierId: null, step: "contract" });
    expect(rows.map((r) => r.userId)).toEqual([11]);
    expect(downlineReadiness(brokers, context, { agencyId: null, carrierId: null, step: "ahip" })).toEqual([]);
  });

  it("sums the figures the page shows", () => {
    const rows = downlineReadiness(brokers, context, { agencyId: null, carrierId: null, step: null });
    expect(summaryOf(rows)).toEqual({ brokers: 4, selling: 2, blocked: 1, expiring: 0, waiting: 1, idle: 1 });
  });

  it("writes one CSV row per broker, in the page's order, cells neutralised and quoted", () => {
    const rows = downlineReadiness(brokers, context, { agencyId: null, carrierId: null, step: null });
    const table = csvRowsOf(rows, (id) => (id === 20 ? "Sub, Agency" : "=Top"), 2027);
    expect(table[0]).toEqual([
      "Agent",
      "Role",
      "NPN",
      "Agency",
      "Plan year 2027",
      "Plan year 2028",
      "Ready to sell",
      "Needs action",
      "Expiring",
      "Contract requests waiting",
      "Last written",
    ]);
    expect(table.slice(1).map((r) => r[0])).toEqual(["Ben Blocked", "Deep Agent", "Sub Agency", "Ada Ready"]);
    expect(table[1]?.[7]).toBe(
      "Contract: Request denied.; Carrier certification: Evergreen's 2027 certification is not complete.",
    );
    expect(table[3]?.[10]).toBe("Nothing written yet");
    const text = csvText(table);
    expect(text).toContain(`Ben Blocked,Agent,30000010,"Sub, Agency",0 of 1 ready,`);
    expect(text).toContain(",'=Top,");
    expect(text.endsWith("\r\n")).toBe(true);
  });
});

describe("issue 37 §5: the agency dashboard's downline card", () => {
  it("says how many of the hierarchy's brokers are blocked at a step", () => {
    expect(downlineSummaryText({ brokers: 62, blocked: 54 })).toBe("54 of 62 agents blocked at a step");
    expect(downlineSummaryText({ brokers: 1, blocked: 0 })).toBe("0 of 1 agent blocked at a step");
    expect(downlineSummaryText({ brokers: 0, blocked: 0 })).toBe("No agents in your downline yet");
  });
});

describe("issue 37 §5: the agency's page, readable", () => {
  const blocked = brokerReadiness(
    broker({
      contracts: [
        { ...contract(101, "denied"), lastPublicNote: "The carrier could not match your NPN to your license." },
        contract(102, "active"),
        contract(201, "pending", "2026-08-16T09:00:00.000Z"),
      ],
      documents: [],
      certifications: [],
    }),
    context,
  );

  it("speaks to the manager about the broker ('their NPN'); the broker's reminder keeps their own words ('your')", () => {
    const contractAction = blocked.actions.find((a) => a.step === "contract");
    expect(contractAction?.text).toBe("Request denied: The carrier could not match their NPN to their license.");
    expect(contractAction?.ownText).toBe("Request denied: The carrier could not match your NPN to your license.");
    for (const a of blocked.actions) expect(a.text).not.toMatch(/\byour?\b/i);
    expect(reminderDetail(blocked, "contract")).toContain("match your NPN");
    expect(aboutThem("Your appointment was declined: you need AHIP. We told you so.")).toBe(
      "Their appointment was declined: they need AHIP. We told them so.",
    );
  });

  it("one summary line per broker: the blockers by step, then what runs out", () => {
    expect(blocked.actions.map((a) => a.step)).toEqual([
      "contract",
      "ahip",
      "carrierCertification",
      "carrierCertification",
    ]);
    expect(actionsSummaryText(blocked.actions)).toBe("4 blockers: contract, AHIP, 2 certifications");
    const expiring = brokerReadiness(
      broker({ licenses: [{ state: "AL", status: "Active", expiresOn: "2026-12-28" }] }),
      context,
    );
    expect(actionsSummaryText(expiring.actions)).toBe("Expiring: license");
    expect(actionsSummaryText([])).toBe("Nothing to do");
  });

  it("long waits: over LONG_WAIT_DAYS (the desk's 8-to-30-day band) is long; the summary names the longest", () => {
    expect(blocked.waiting).toEqual([
      { product: "Blue Harbor Medicare Supplement", state: "Pending contract", days: 104 },
    ]);
    expect(waitingSummaryText(blocked.waiting)).toBe("1 waiting, 104 days");
    expect(isLongWait({ days: LONG_WAIT_DAYS })).toBe(false);
    expect(isLongWait({ days: LONG_WAIT_DAYS + 1 })).toBe(true);
    expect(waitingSummaryText([...blocked.waiting, { product: "X", state: "Pending contract", days: 3 }])).toBe(
      "2 waiting, longest 104 days",
    );
    expect(waitingSummaryText([])).toBe("None");
  });

  it("no 'last written' day after today: a policy taking effect next month was not written then", () => {
    expect(lastWrittenOf("2027-01-01", TODAY)).toBeNull();
    expect(lastWrittenOf(TODAY, TODAY)).toBe(TODAY);
    const future = brokerReadiness(broker({ lastWrittenOn: "2027-01-01" }), context);
    expect(future.lastWrittenOn).toBeNull();
    expect(future.idle).toBe(true);
    expect(lastWrittenText(future)).toBe("Nothing written yet");
  });
});
