import { describe, expect, it } from "vitest";
import type { DocumentStatus } from "./compliance-documents";
import type { ContractState } from "./contract-state";
import {
  READINESS_STEPS,
  type ReadinessFacts,
  type RtsFact,
  ahipStep,
  carrierCertificationStep,
  contractNowAt,
  contractStep,
  documentsStep,
  isOpen,
  licenseStep,
  needsCertification,
  ownSteps,
  planYearOf,
  readinessOf,
  readinessSummary,
  readinessSummaryText,
  readinessTasks,
  rtsStep,
  sharedSteps,
  sortLines,
} from "./readiness";

const today = "2026-11-28";
const active = (state: string, expiresOn: string | null = "2028-06-30") => ({ state, status: "Active", expiresOn });
const READY_RTS: RtsFact = { displayStatus: "Ready to sell", tone: "ready", description: "" };

function facts(over: Partial<ReadinessFacts> = {}): ReadinessFacts {
  return {
    productId: 1,
    productName: "Medicare Advantage",
    carrierProductId: 101,
    carrierName: "Blue Harbor Health",
    today,
    planYear: 2027,
    contract: { state: "active", lastPublicNote: null },
    licenses: [active("FL"), active("GA", null)],
    holds: [],
    licenseWarningDays: 60,
    ahip: { status: "valid", expiresOn: "2027-09-30" },
    certification: { completedOn: "2026-08-01", certificationLink: null, certificationDate: null },
    documentNotices: [],
    rts: READY_RTS,
    ...over,
  };
}

describe("issue 25 §1 step 1: the contract (spec §4 states)", () => {
  const base = { lastPublicNote: null, productId: 1, carrierProductId: 101, requestsBlocked: false };
  it("active is done; pending and approved wait on the desk with the spec's words; none and denied block", () => {
    expect(contractStep({ ...base, state: "active" })).toMatchObject({ status: "done", fix: null });
    expect(contractStep({ ...base, state: "pending" })).toMatchObject({ status: "waiting", fix: null });
    expect(contractStep({ ...base, state: "pending" }).text).toContain("Pending contract");
    expect(contractStep({ ...base, state: "approved" }).text).toContain("Request being processed");
    expect(contractStep({ ...base, state: "approved" }).status).toBe("waiting");
  });
  it("denied shows the public note (or 'Request denied.') and links to support", () => {
    const denied = contractStep({ ...base, state: "denied", lastPublicNote: "Needs AHIP for 2026." });
    expect(denied).toMatchObject({ status: "blocked", text: "Request denied: Needs AHIP for 2026." });
    expect(denied.fix?.href).toBe("/contact_support");
    expect(contractStep({ ...base, state: "denied", lastPublicNote: "  " }).text).toBe("Request denied.");
  });
  it("none links to Contract Now at that carrier; with document notifications, to the documents first (spec §6)", () => {
    expect(contractStep({ ...base, state: "none" }).fix).toEqual({
      label: "Contract Now",
      href: "/contract_now?product=1&carrier=101&step=confirm",
      external: false,
    });
    const blocked = contractStep({ ...base, state: "none", requestsBlocked: true });
    expect(blocked.status).toBe("blocked");
    expect(blocked.text).toContain("You cannot request new contracts until your documentation is up to date.");
    expect(blocked.fix?.href).toBe("/profile#documents");
    expect(contractNowAt(3, 301)).toBe("/contract_now?product=3&carrier=301&step=confirm");
  });
});

describe("issue 25 §1 step 2: a license active in each state where they sell", () => {
  it("no license on file blocks, fixed on the profile's licenses", () => {
    const step = licenseStep({ licenses: [], holds: [], today });
    expect(step.status).toBe("blocked");
    expect(step.fix?.href).toBe("/profile#licenses-title");
  });
  it("every state active and far from expiry: done, with the days until the soonest expiry", () => {
    const step = licenseStep({ licenses: [active("GA", "2027-11-28"), active("FL", null)], holds: [], today });
    expect(step).toMatchObject({ status: "done", fix: null });
    expect(step.text).toBe("Active license in FL, GA; the GA license expires in 365 days (11/28/2027).");
    expect(licenseStep({ licenses: [active("FL", null)], holds: [], today }).text).toBe("Active license in FL.");
  });
  it("within the license configuration's warning window: a warning (done), not a block; the window is the setting's", () => {
    const soon = [active("PA", "2027-01-07")]; // 40 days
    expect(licenseStep({ licenses: soon, holds: [], today, warningDays: 60 })).toMatchObject({ status: "warning" });
    expect(licenseStep({ licenses: soon, holds: [], today, warningDays: 60 }).text).toContain("expires in 40 days");
    expect(licenseStep({ licenses: soon, holds: [], today, warningDays: 30 }).status).toBe("done");
    expect(licenseStep({ licenses: soon, holds: [], today }).status).toBe("warning"); // 60 by default
    expect(licenseStep({ licenses: [active("PA", today)], holds: [], today }).text).toContain("expires today");
    expect(licenseStep({ licenses: [active("PA", "2026-11-29")], holds: [], today }).text).toContain("in 1 day");
  });
  it("an Active license past its expiry day or a held state blocks, naming the state; a second, valid license counts", () => {
    const expired = licenseStep({ licenses: [active("FL"), active("GA", "2026-11-27")], holds: [], today });
    expect(expired.status).toBe("blocked");
    expect(expired.text).toContain("GA: license expired on 11/27/2026");
    const held = licenseStep({ licenses: [active("FL"), active("PA")], holds: [{ state: "PA" }], today });
    expect(held.text).toContain("PA: NIPR holds new contract requests");
    expect(held.status).toBe("blocked");
    // Issue 37 §1: the hold blocks from the alert's day and is named, the license marked as NIPR reports it.
    const lapsed = licenseStep({
      licenses: [active("OH"), { state: "PA", status: "Expired", expiresOn: "2026-11-27" }],
      holds: [{ state: "PA", kind: "license_lapsed", since: "2026-11-27" }],
      today,
    });
    expect(lapsed).toMatchObject({ status: "blocked", fix: { href: "/profile#licenses-title" } });
    expect(lapsed.text).toBe("Not licensed to sell in every state: PA license lapsed per NIPR on 11/27/2026.");
    const onlyHeld = licenseStep({
      licenses: [{ state: "PA", status: "Expired", expiresOn: "2026-11-27" }],
      holds: [{ state: "PA", kind: "license_lapsed", since: "2026-11-27" }],
      today,
    });
    expect(onlyHeld.text).toBe("Not licensed to sell in every state: PA license lapsed per NIPR on 11/27/2026.");
    const renewed = licenseStep({
      licenses: [active("GA", "2026-01-31"), active("GA", "2028-01-31")],
      holds: [],
      today,
    });
    expect(renewed.status).toBe("done");
    expect(
      licenseStep({ licenses: [{ state: "GA", status: "ACTIVE", expiresOn: null }], holds: [], today }).status,
    ).toBe("done");
  });
  it("a license NIPR reports Expired or Inactive is a state no longer sold in: named, not a block, unless none is active", () => {
    const lapsedSc = { state: "SC", status: "Expired", expiresOn: "2026-11-08" };
    const step = licenseStep({ licenses: [active("FL"), lapsedSc], holds: [], today });
    expect(step.status).toBe("done");
    expect(step.text).toContain("Not selling in SC (license not active).");
    const none = licenseStep({ licenses: [{ state: "OH", status: "Inactive", expiresOn: null }], holds: [], today });
    expect(none.status).toBe("blocked");
    expect(none.text).toBe(
      "No active license: you need one in each state you sell in. Not selling in OH (license not active).",
    );
  });
});

describe("issue 25 §1 step 3: the annual AHIP certification (the profile's AHIP document)", () => {
  const cases: Array<[DocumentStatus, string]> = [
    ["valid", "done"],
    ["expiring", "warning"],
    ["expired", "blocked"],
    ["rejected", "blocked"],
    ["missing", "blocked"],
  ];
  it.each(cases)("%s is %s; anything but done links to the profile document", (status, expected) => {
    const step = ahipStep({ status, expiresOn: "2027-01-07", today });
    expect(step.status).toBe(expected);
    if (expected !== "done") expect(step.fix?.href).toBe("/profile/documents/ahip");
    else expect(step.fix).toBeNull();
  });
  it("says the days left when it expires soon", () => {
    expect(ahipStep({ status: "expiring", expiresOn: "2027-01-07", today }).text).toContain("expires in 40 days");
  });
  it("only Medicare Advantage and Prescription Drug Plans call for AHIP and the carrier's certification", () => {
    expect(needsCertification("Medicare Advantage")).toBe(true);
    expect(needsCertification("prescription drug plans ")).toBe(true);
    expect(needsCertification("Medicare Supplement")).toBe(false);
    expect(needsCertification("Dental, Vision & Hearing")).toBe(false);
  });
});

describe("issue 25 §1 step 4: the carrier's certification for the plan year", () => {
  const base = {
    carrierName: "Blue Harbor Health",
    carrierProductId: 101,
    planYear: 2027,
    completedOn: null,
    certificationLink: null,
    certificationDate: null,
    today,
  };
  it("the plan year turns with the annual enrollment period (October 15)", () => {
    expect(planYearOf("2026-10-14")).toBe(2026);
    expect(planYearOf("2026-10-15")).toBe(2027);
    expect(planYearOf("2027-01-01")).toBe(2027);
  });
  it("completed for the plan year: done", () => {
    expect(carrierCertificationStep({ ...base, completedOn: "2026-08-01" })).toMatchObject({
      status: "done",
      fix: null,
    });
  });
  it("not completed: blocked, fixed at the carrier resources' certification link (a new tab), or their page without one", () => {
    const linked = carrierCertificationStep({ ...base, certificationLink: "https://blueharbor.example.com/cert" });
    expect(linked).toMatchObject({
      status: "blocked",
      text: "Blue Harbor Health's 2027 certification is not complete.",
    });
    expect(linked.fix).toEqual({
      label: "Take the certification",
      href: "https://blueharbor.example.com/cert",
      external: true,
    });
    expect(carrierCertificationStep(base).fix?.href).toBe("/learning_center/carrier_resources/101");
    expect(carrierCertificationStep({ ...base, certificationLink: "javascript:alert(1)" }).fix?.href).toBe(
      "/learning_center/carrier_resources/101",
    );
    expect(carrierCertificationStep({ ...base, certificationDate: "2026-11-28" }).status).toBe("blocked");
  });
  it("not open yet (a future certification date): waiting, with the date", () => {
    const step = carrierCertificationStep({ ...base, certificationDate: "2027-01-27" });
    expect(step.status).toBe("waiting");
    expect(step.text).toContain("opens on 01/27/2027");
  });
});

describe("issue 25 §1 step 5: documents needing attention (spec §8's block)", () => {
  it("none: done; any: blocked, fixed on the first named document's page or the profile's documents", () => {
    expect(documentsStep([])).toMatchObject({ status: "done", fix: null });
    const two = documentsStep([
      { documentName: "E&O Certificate", kind: "eo" },
      { documentName: "W-9", kind: "w9" },
    ]);
    expect(two).toMatchObject({ status: "blocked", text: "2 documents need your attention: E&O Certificate, W-9." });
    expect(two.fix).toMatchObject({ label: "Upload your E&O Certificate", href: "/profile/documents/eo" });
    const other = documentsStep([{ documentName: "State appointment form", kind: null }]);
    expect(other.text).toBe("A document needs your attention: State appointment form.");
    expect(other.fix?.href).toBe("/profile#documents");
  });
});

describe("issue 25 §1 step 6: the carrier's RTS status", () => {
  const base = { carrierName: "Summit Mutual", contractActive: true };
  it("follows the active contract", () => {
    expect(rtsStep({ ...base, contractActive: false, rts: READY_RTS }).status).toBe("later");
  });
  it("by the status's tone: ready done, in progress waiting, blocked with support; none reported yet waits", () => {
    expect(rtsStep({ ...base, rts: READY_RTS })).toMatchObject({ status: "done", text: "Ready to sell." });
    expect(
      rtsStep({ ...base, rts: { displayStatus: "Pending", tone: "in_progress", description: "Appointment filed" } }),
    ).toMatchObject({ status: "waiting", text: "Pending: Appointment filed" });
    const blocked = rtsStep({ ...base, rts: { displayStatus: "Not ready to sell", tone: "blocked", description: "" } });
    expect(blocked).toMatchObject({ status: "blocked", fix: { href: "/contact_support" } });
    expect(rtsStep({ ...base, rts: null }).status).toBe("waiting");
  });
});

describe("issue 25 §1: the line, on every combination of the steps", () => {
  const contracts: Array<{ state: ContractState; lastPublicNote: string | null }> = [
    { state: "active", lastPublicNote: null },
    { state: "pending", lastPublicNote: null },
    { state: "approved", lastPublicNote: null },
    { state: "denied", lastPublicNote: "No AHIP" },
    { state: "none", lastPublicNote: null },
  ];
  const licenseSets = [
    [active("FL")],
    [active("FL", "2027-01-07")],
    [active("FL", "2026-01-01")],
    [] as ReturnType<typeof active>[],
  ];
  const holdSets = [[], [{ state: "FL" }]];
  const ahips: DocumentStatus[] = ["valid", "expiring", "expired", "rejected", "missing"];
  const certifications = [
    { completedOn: "2026-08-01", certificationLink: null, certificationDate: null },
    { completedOn: null, certificationLink: "https://x.example.com", certificationDate: null },
    { completedOn: null, certificationLink: null, certificationDate: "2027-02-01" },
  ];
  const noticeSets = [[], [{ documentName: "W-9", kind: "w9" as const }]];
  const rtss: Array<RtsFact | null> = [
    READY_RTS,
    { displayStatus: "Pending", tone: "in_progress", description: "" },
    { displayStatus: "Not ready to sell", tone: "blocked", description: "" },
    null,
  ];
  const products = ["Medicare Advantage", "Medicare Supplement"];

  it("ready exactly when every step is done or a warning; the next step is the first open one; blocked steps have a fix", () => {
    let combinations = 0;
    let readyLines = 0;
    for (const contract of contracts)
      for (const licenses of licenseSets)
        for (const holds of holdSets)
          for (const ahip of ahips)
            for (const certification of certifications)
              for (const documentNotices of noticeSets)
                for (const rts of rtss)
                  for (const productName of products) {
                    combinations++;
                    const line = readinessOf(
                      facts({
                        contract,
                        licenses,
                        holds,
                        ahip: { status: ahip, expiresOn: "2027-01-07" },
                        certification,
                        documentNotices,
                        rts,
                        productName,
                      }),
                    );
                    // The steps keep the order; the certified products have all six, the others four.
                    const keys = line.steps.map((s) => s.key);
                    expect(keys).toEqual(
                      READINESS_STEPS.filter(
                        (k) => productName === "Medicare Advantage" || (k !== "ahip" && k !== "carrierCertification"),
                      ),
                    );
                    const open = line.steps.filter(isOpen);
                    expect(line.openSteps).toBe(open.length);
                    expect(line.ready).toBe(open.length === 0);
                    expect(line.next).toBe(open[0] ?? null);
                    for (const step of line.steps) if (step.status === "blocked") expect(step.fix).not.toBeNull();
                    const expectReady =
                      contract.state === "active" &&
                      licenses.length > 0 &&
                      licenses[0]!.expiresOn !== "2026-01-01" &&
                      holds.length === 0 &&
                      documentNotices.length === 0 &&
                      rts?.tone === "ready" &&
                      (productName !== "Medicare Advantage" ||
                        ((ahip === "valid" || ahip === "expiring") && certification.completedOn !== null));
                    expect(line.ready).toBe(expectReady);
                    if (line.ready) readyLines++;
                    // A contract not yet active leaves the RTS step for later.
                    if (contract.state !== "active") expect(line.steps.at(-1)!.status).toBe("later");
                  }
    expect(combinations).toBe(5 * 4 * 2 * 5 * 3 * 2 * 4 * 2);
    expect(readyLines).toBeGreaterThan(0);
  });

  it("document notifications turn Contract Now into the documents' link on a line without a contract", () => {
    const line = readinessOf(
      facts({
        contract: { state: "none", lastPublicNote: null },
        documentNotices: [{ documentName: "W-9", kind: "w9" }],
      }),
    );
    expect(line.next?.fix?.href).toBe("/profile#documents");
    expect(line.steps.find((s) => s.key === "documents")?.fix?.href).toBe("/profile/documents/w9");
  });
});

describe("issue 25 §1: the dashboard card's summary", () => {
  it("counts ready lines and lines one step away, in the issue's words", () => {
    const lines = [
      { ready: true, openSteps: 0 },
      { ready: true, openSteps: 0 },
      { ready: true, openSteps: 0 },
      { ready: false, openSteps: 1 },
      { ready: false, openSteps: 1 },
      { ready: false, openSteps: 2 },
      { ready: false, openSteps: 4 },
    ];
    const summary = readinessSummary(lines);
    expect(summary).toEqual({ total: 7, ready: 3, oneStep: 2 });
    expect(readinessSummaryText(summary)).toBe("3 of 7 products ready; 2 need one step");
    expect(readinessSummaryText({ total: 1, ready: 0, oneStep: 1 })).toBe("0 of 1 product ready; 1 needs one step");
    expect(readinessSummaryText({ total: 2, ready: 2, oneStep: 0 })).toBe("2 of 2 products ready");
    expect(readinessSummaryText({ total: 0, ready: 0, oneStep: 0 })).toBe("No carrier products to sell yet");
  });
  it("sorts ready lines first, then by the steps left, keeping the upstream's order otherwise", () => {
    const lines = [
      { id: "a", ready: false, openSteps: 2 },
      { id: "b", ready: true, openSteps: 0 },
      { id: "c", ready: false, openSteps: 1 },
      { id: "d", ready: true, openSteps: 0 },
    ];
    expect(sortLines(lines).map((l) => l.id)).toEqual(["b", "d", "c", "a"]);
  });
});

describe("issue 37 §5: what every line shares is said once, above the lines", () => {
  const expiring = { status: "expiring" as const, expiresOn: "2027-01-16" };
  const lines = [
    readinessOf(facts({ ahip: expiring, contract: { state: "approved", lastPublicNote: null } })),
    readinessOf(facts({ carrierProductId: 102, carrierName: "Summit Mutual", ahip: expiring })),
    readinessOf(
      facts({
        productId: 2,
        productName: "Medicare Supplement",
        carrierProductId: 201,
        contract: { state: "none", lastPublicNote: null },
      }),
    ),
  ];

  it("the agent's own steps (license, AHIP, documents) are shared; a carrier's (contract, certification, RTS) are not", () => {
    const shared = sharedSteps(lines);
    expect(shared.map((s) => s.step.key)).toEqual(["license", "ahip", "documents"]);
    // Every line has the license and documents; only the certified products have AHIP.
    expect(shared.map((s) => s.products)).toEqual([null, ["Medicare Advantage"], null]);
    expect(shared[1]?.step).toMatchObject({
      status: "warning",
      text: expect.stringMatching(/^AHIP certificate expires/),
    });
    expect(ownSteps(lines[0]!, shared).map((s) => s.key)).toEqual(["contract", "carrierCertification", "rts"]);
    expect(ownSteps(lines[2]!, shared).map((s) => s.key)).toEqual(["contract", "rts"]);
  });

  it("a step that reads differently on one line, or is on one line only, stays on the lines", () => {
    // Blue Harbor's certification and RTS read alike on its two lines, but they are the carrier's: they stay.
    const certified = readinessOf(facts({ carrierProductId: 103 }));
    const shared = sharedSteps([lines[0]!, certified]);
    // The AHIP step differs (expiring on one, valid on the other): only the license and documents are shared.
    expect(shared.map((s) => s.step.key)).toEqual(["license", "documents"]);
    expect(sharedSteps([readinessOf(facts()), certified]).map((s) => s.step.key)).toEqual([
      "license",
      "ahip",
      "documents",
    ]);
    expect(sharedSteps([lines[0]!])).toEqual([]);
    expect(sharedSteps([])).toEqual([]);
  });
});

describe("issue 37 §5: the dashboard's next steps read the same lines as Ready to Sell", () => {
  const line = (over: Partial<ReadinessFacts>) => readinessOf(facts(over));
  const none = { state: "none" as const, lastPublicNote: null };

  it("each line not ready gives its first blocked step; several at one fix: the count, to Ready to Sell", () => {
    const lines = [
      line({}), // ready: no task
      line({ carrierProductId: 201, carrierName: "Summit Mutual", productName: "Medicare Supplement", contract: none }),
      line({
        carrierProductId: 202,
        carrierName: "Pioneer Benefits",
        productName: "Medicare Supplement",
        contract: none,
      }),
      line({ carrierProductId: 203, carrierName: "Evergreen", productName: "Medicare Supplement", contract: none }),
      line({ carrierProductId: 204, carrierName: "Keystone", productName: "Medicare Supplement", contract: none }),
      // Waiting on the desk (its later steps done): no task of the agent's.
      line({ carrierProductId: 205, contract: { state: "pending", lastPublicNote: null } }),
      // Contract active, the AHIP certificate missing: one line, its own fix.
      line({ carrierProductId: 206, carrierName: "Keystone", ahip: { status: "missing", expiresOn: null } }),
    ];
    expect(readinessTasks(lines)).toEqual([
      {
        key: "readiness-contract:Contract Now",
        text: "Contract Now: 4 products",
        to: "/ready_to_sell",
        hint: "Contract step next for Summit Mutual Medicare Supplement, Pioneer Benefits Medicare Supplement, Evergreen Medicare Supplement and 1 more. Ready to Sell lists each.",
        step: "contract",
        byDocuments: false,
      },
      {
        key: "readiness-ahip:Upload your AHIP Certificate",
        text: "Upload your AHIP Certificate: Keystone Medicare Advantage",
        to: "/profile/documents/ahip",
        hint: "No AHIP certificate on file.",
        step: "ahip",
        byDocuments: false,
      },
    ]);
  });

  it("a line the documents hold back says so (the dashboard's documents task covers it); an external fix goes to Ready to Sell", () => {
    const notices = [{ documentName: "W-9", kind: "w9" as const }];
    const [contract] = readinessTasks([line({ contract: none, documentNotices: notices })]);
    expect(contract).toMatchObject({ step: "contract", byDocuments: true, to: "/profile#documents" });
    const [cert] = readinessTasks([
      line({
        certification: { completedOn: null, certificationLink: "https://x.example.com", certificationDate: null },
      }),
    ]);
    expect(cert).toMatchObject({ step: "carrierCertification", to: "/ready_to_sell", byDocuments: false });
    expect(readinessTasks([line({})])).toEqual([]);
  });
});
