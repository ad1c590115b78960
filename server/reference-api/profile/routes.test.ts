import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ComplianceDocumentsResponseSchema,
  ComplianceDocumentUploadResponseSchema,
  ProfileDetailsResponseSchema,
  RewardsResponseSchema,
} from "../../../app/.server/upstream/schemas/profile-details.ts";
import {
  DocumentNotificationsResponseSchema,
  ProfileResponseSchema,
} from "../../../app/.server/upstream/schemas/profile.ts";
import { OnboardingResponseSchema } from "../../../app/.server/upstream/schemas/onboarding.ts";
import { UPLOAD_WRONG_TYPE } from "../../../app/domain/uploads.ts";
import type { ReferenceApi } from "../index.ts";
import {
  CHOOSE_A_FILE,
  EXPIRY_DATE_PASSED,
  EXPIRY_DATE_REQUIRED,
  PROFILE_BROKERS_ONLY,
  REWARD_PER_POLICY_CENTS,
  nextPayoutOn,
} from "./routes.ts";
import { tinyPdf } from "../contracting/seed.ts";
import { AHIP_EXPIRES_IN_DAYS, AL_LICENSE_EXPIRES_IN_DAYS, DIRECT_DEPOSIT_REJECTED_NOTE } from "./seed.ts";
import { expectError, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-profile-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf, send, ok } = client;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const reset = async (email: string) => send("POST", "/__reset", { json: { email } });

function upload(fields: Record<string, string>, file: [Blob, string] | null): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append("file", file[0], file[1]);
  return f;
}
const pdf = (): [Blob, string] => [new Blob([tinyPdf("certificate")], { type: "application/pdf" }), "new-cert.pdf"];
const nextYear = () => `${Number(testSeed.day.slice(0, 4)) + 1}-06-30`;

describe("GET/PUT /api/profile/details", () => {
  it("answers a broker's details, with agency and upline; carriers and admins are refused", async () => {
    const { details } = await ok(ProfileDetailsResponseSchema, "GET", "/api/profile/details", {
      token: await tokenOf("agent@demo.test"),
    });
    expect(details).toMatchObject({ firstName: "Maria", email: "agent@demo.test", city: "Miami", state: "FL" });
    expect(details.agencyName).toBe("Chen Senior Benefits Group");
    expectError(
      await send("GET", "/api/profile/details", { token: await tokenOf("carrier@demo.test") }),
      403,
      PROFILE_BROKERS_ONLY,
    );
  });

  it("saves phone and address (the phone formatted), refuses a bad ZIP with 422", async () => {
    const token = await tokenOf("loa@demo.test");
    const body = {
      phone: "5553001234 x12",
      addressLine1: "1 Main St",
      addressLine2: "",
      city: "Tucson",
      state: "az",
      zip: "85701",
    };
    const { details } = await ok(ProfileDetailsResponseSchema, "PUT", "/api/profile/details", { token, json: body });
    expect(details).toMatchObject({ phone: "(555) 300-1234 x12", city: "Tucson", state: "AZ", addressLine2: null });
    const profile = await ok(ProfileResponseSchema, "GET", "/api/profile", { token });
    expect(profile.profile.phone).toBe("(555) 300-1234 x12");
    expectError(
      await send("PUT", "/api/profile/details", { token, json: { ...body, zip: "8570" } }),
      422,
      "ZIP code must be 5 digits",
    );
    await reset("loa@demo.test");
  });
});

describe("licenses carry the licensing record's details (spec §3 profile.licenses)", () => {
  it("class, lines of authority, resident (the first) and effective date", async () => {
    const { profile } = await ok(ProfileResponseSchema, "GET", "/api/profile", {
      token: await tokenOf("agent@demo.test"),
    });
    expect(profile.licenses.map((l) => [l.state, l.resident, l.linesOfAuthority])).toEqual([
      ["FL", true, ["Accident & Health"]],
      ["GA", false, ["Life", "Accident & Health"]],
      ["AL", false, ["Accident & Health"]],
      ["SC", false, ["Accident & Health"]],
    ]);
    expect(profile.licenses.find((l) => l.state === "AL")!.expiresOn).toBe(
      testSeed.daysFromNow(AL_LICENSE_EXPIRES_IN_DAYS),
    );
    expect(profile.licenses.find((l) => l.state === "SC")!.expiresOn! < testSeed.day).toBe(true);
    expect(
      profile.licenses.every((l) => l.licenseClass === "Insurance Producer" && l.effectiveOn! < testSeed.day),
    ).toBe(true);
  });
});

describe("compliance documents", () => {
  it("lists the five kinds for docs@: E&O expired, W-9 missing, direct deposit rejected with the note", async () => {
    const { documents } = await ok(ComplianceDocumentsResponseSchema, "GET", "/api/profile/documents", {
      token: await tokenOf("docs@demo.test"),
    });
    expect(documents.map((d) => d.kind)).toEqual(["eo", "w9", "aml", "ahip", "direct_deposit"]);
    const byKind = Object.fromEntries(documents.map((d) => [d.kind, d]));
    expect(byKind.eo!.expiresOn! < testSeed.day).toBe(true);
    expect(byKind.w9!.file).toBeNull();
    expect(byKind.direct_deposit).toMatchObject({ review: "rejected", reviewerNote: DIRECT_DEPOSIT_REJECTED_NOTE });
  });

  it("agent@'s AHIP certificate expires soon", async () => {
    const { documents } = await ok(ComplianceDocumentsResponseSchema, "GET", "/api/profile/documents", {
      token: await tokenOf("agent@demo.test"),
    });
    expect(documents.find((d) => d.kind === "ahip")!.expiresOn).toBe(testSeed.daysFromNow(AHIP_EXPIRES_IN_DAYS));
  });

  it("a valid replacement of a flagged document clears its notification; the other stays", async () => {
    const token = await tokenOf("docs@demo.test");
    try {
      // Refusals first: no expiry date, a past one, no file, a wrong type.
      expectError(
        await send("PUT", "/api/profile/documents/eo", { token, form: upload({}, pdf()) }),
        422,
        EXPIRY_DATE_REQUIRED,
      );
      expectError(
        await send("PUT", "/api/profile/documents/eo", { token, form: upload({ expiresOn: "2001-01-01" }, pdf()) }),
        422,
        EXPIRY_DATE_PASSED,
      );
      expectError(
        await send("PUT", "/api/profile/documents/w9", { token, form: upload({}, null) }),
        422,
        CHOOSE_A_FILE,
      );
      expectError(
        await send("PUT", "/api/profile/documents/w9", {
          token,
          form: upload({}, [new Blob(["x"], { type: "text/plain" }), "w9.txt"]),
        }),
        422,
        UPLOAD_WRONG_TYPE,
      );
      expectError(await send("PUT", "/api/profile/documents/passport", { token, form: upload({}, pdf()) }), 404);
      let notes = await ok(DocumentNotificationsResponseSchema, "GET", "/api/profile/document_notifications", {
        token,
      });
      expect(notes.documentNotifications.map((n) => n.documentName)).toEqual(["E&O Certificate", "W-9"]);

      const answer = await ok(ComplianceDocumentUploadResponseSchema, "PUT", "/api/profile/documents/eo", {
        token,
        form: upload({ expiresOn: nextYear() }, pdf()),
      });
      expect(answer.document).toMatchObject({ kind: "eo", expiresOn: nextYear(), review: "accepted" });
      expect(answer.document.file?.name).toBe("new-cert.pdf");
      expect(answer.documentNotifications.map((n) => n.documentName)).toEqual(["W-9"]);
      const file = await fetch(`${api.url}/api/profile/files/${answer.document.file!.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");

      await ok(ComplianceDocumentUploadResponseSchema, "PUT", "/api/profile/documents/w9", {
        token,
        form: upload({}, pdf()),
      });
      notes = await ok(DocumentNotificationsResponseSchema, "GET", "/api/profile/document_notifications", { token });
      expect(notes.documentNotifications).toEqual([]);
    } finally {
      await reset("docs@demo.test");
    }
  });

  it("onboarding's documents are the same records", async () => {
    const token = await tokenOf("onboarded@demo.test");
    const [{ documents }, { onboarding }] = await Promise.all([
      ok(ComplianceDocumentsResponseSchema, "GET", "/api/profile/documents", { token }),
      ok(OnboardingResponseSchema, "GET", "/api/onboarding", { token }),
    ]);
    for (const d of onboarding.documents) {
      expect(documents.find((c) => c.kind === d.kind)!.file).toEqual(d.file);
    }
    expect(onboarding.documents).toHaveLength(2);
  });
});

describe("GET /api/profile/rewards", () => {
  it("agent@: qualifying policies earn rewards, some paid this year; newagent@ has none", async () => {
    const { rewards } = await ok(RewardsResponseSchema, "GET", "/api/profile/rewards", {
      token: await tokenOf("agent@demo.test"),
    });
    expect(rewards.qualifyingPolicies).toBeGreaterThan(10);
    expect(rewards.earnedCents).toBe(rewards.qualifyingPolicies * REWARD_PER_POLICY_CENTS);
    expect(rewards.pendingCents).toBe(rewards.earnedCents - rewards.paidCents);
    expect(rewards.nextPayoutOn! > testSeed.day).toBe(true);
    const none = await ok(RewardsResponseSchema, "GET", "/api/profile/rewards", {
      token: await tokenOf("newagent@demo.test"),
    });
    expect(none.rewards).toMatchObject({ qualifyingPolicies: 0, earnedCents: 0, paidCents: 0, nextPayoutOn: null });
  });

  it("payouts fall on the 15th of January, April, July and October", () => {
    expect(nextPayoutOn("2031-05-10")).toBe("2031-07-15");
    expect(nextPayoutOn("2031-10-15")).toBe("2032-01-15");
    expect(nextPayoutOn("2031-01-01")).toBe("2031-01-15");
  });
});
