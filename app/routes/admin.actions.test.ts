import { describe, expect, it } from "vitest";
import { accessMiddleware } from "~/.server/guards";
import { DENY_NEEDS_NOTE } from "~/domain/admin/labels";
import type { SessionUser } from "~/domain/user";
import {
  answerOf,
  contextFor,
  get,
  post,
  toastsOf,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import * as brokerSummary from "./admin.brokers.$id._index";
import * as brokerContract from "./admin.brokers.$id.contracts.$contract_id";
import * as brokerNewContract from "./admin.brokers.$id.contracts.new";
import * as brokerDocuments from "./admin.brokers.$id.documents";
import * as contractingEdit from "./admin.contracting.edit";
import * as adminIndex from "./admin._index";
import * as conversation from "./admin.conversation";
import * as carrierRecord from "./admin.carriers.$id";
import * as learningAttachments from "./admin.learning_center_resources.attachments";
import * as sectionList from "./admin.section";
import * as sectionNew from "./admin.section.new";
import * as sectionRecord from "./admin.section.record";
import * as emailTemplate from "./admin.email_communications.$id";
import * as emailLog from "./admin.email_communications.log";
import * as emailMessage from "./admin.email_communications.message";
import * as carrierExportNew from "./admin.carrier_exports.new";
import * as carrierExportSchedules from "./admin.carrier_exports.schedules";
import * as carrierNotification from "./admin.carrier_notifications.$id";
import * as niprAlert from "./admin.nipr_pdb_alerts.$id";
import * as niprConfig from "./admin.nipr_license_config";
import * as carrierUpload from "./admin.carrier_imports.upload";
import * as carrierImport from "./admin.carrier_imports.$id";
import * as sunfireUpload from "./admin.sunfire_imports.new";
import * as sunfireUploadJs from "./admin.sunfire_imports.new.upload";
import * as sunfireImport from "./admin.sunfire_imports.$id";
import * as sunfireRow from "./admin.sunfire_imports.$id.rows.$line";

/**
 * Every admin action (issue 14) re-checks who posts: only an administrator's own session. Refused before the
 * upstream hears of it; an administrator's invalid input is a 400 at its field, the upstream untouched.
 */
const upstream = withFakeUpstream();

type Handler = (args: never) => unknown;
type Fields = Record<string, string> | Array<[string, string]>;

async function postAs(handler: Handler, path: string, fields: Fields, user: Partial<SessionUser>, params = {}) {
  return answerOf(handler, post(path, fields), contextFor(viewerFor(user)), {
    middleware: [accessMiddleware],
    params,
  });
}

const admin: Partial<SessionUser> = { role: "Admin" };
const impersonating: Partial<SessionUser> = { role: "Admin", returnToUserId: 9 };
const agent: Partial<SessionUser> = { role: "Agent", existingActiveContracts: true };
const carrier: Partial<SessionUser> = { role: "Carrier" };

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
const replyOf = (data: unknown): Reply => (data as { result?: Reply }).result ?? (data as Reply);

/** Each admin action, with a body it would accept from an administrator. */
const ACTIONS: Array<{ name: string; handler: Handler; path: string; params: Record<string, string>; fields: Fields }> =
  [
    {
      name: "sign in as",
      handler: adminIndex.action,
      path: "/admin?index",
      params: {},
      fields: { email: "agent@demo.test" },
    },
    {
      name: "a list's delete",
      handler: sectionList.action,
      path: "/admin/roles",
      params: { section: "roles" },
      fields: { intent: "delete", id: "12" },
    },
    {
      name: "a list's bulk action",
      handler: sectionList.action,
      path: "/admin/users",
      params: { section: "users" },
      fields: [
        ["intent", "bulk"],
        ["id", "150"],
      ],
    },
    {
      name: "a new record",
      handler: sectionNew.action,
      path: "/admin/rts_statuses/new",
      params: { section: "rts_statuses" },
      fields: { statusCode: "NEW", statusTitle: "New", displayStatus: "New", tone: "ready" },
    },
    {
      name: "a record's save",
      handler: sectionRecord.action,
      path: "/admin/roles/11",
      params: { section: "roles", id: "11" },
      fields: { intent: "save", name: "Captive agent", kind: "Agent" },
    },
    {
      name: "a user's password reset",
      handler: sectionRecord.action,
      path: "/admin/users/150/edit",
      params: { section: "users", id: "150" },
      fields: { intent: "password_reset" },
    },
    {
      name: "a request's move",
      handler: contractingEdit.action,
      path: "/admin/contracting/edit/1010",
      params: { id: "1010" },
      fields: { state: "approved" },
    },
    {
      name: "a broker's note",
      handler: brokerSummary.action,
      path: "/admin/brokers/110",
      params: { id: "110" },
      fields: { body: "Called about the W-9" },
    },
    {
      name: "a request on a broker's behalf",
      handler: brokerNewContract.action,
      path: "/admin/brokers/110/contracts/new",
      params: { id: "110" },
      fields: { carrierProductId: "101" },
    },
    {
      name: "a broker contract's move",
      handler: brokerContract.action,
      path: "/admin/brokers/110/contracts/1010",
      params: { id: "110", contract_id: "1010" },
      fields: { state: "approved" },
    },
    {
      name: "a document's review",
      handler: brokerDocuments.action,
      path: "/admin/brokers/4/documents",
      params: { id: "4" },
      fields: { kind: "w9", decision: "approve" },
    },
    // Issue 22 §2.3, §2.4.
    {
      name: "a new system notification",
      handler: sectionNew.action,
      path: "/admin/system_notifications/new",
      params: { section: "system_notifications" },
      fields: { title: "Hello", message: "Hi", severity: "info", audience: "everyone" },
    },
    {
      name: "a system notification's save",
      handler: sectionRecord.action,
      path: "/admin/system_notifications/4",
      params: { section: "system_notifications", id: "4" },
      fields: { intent: "save", title: "Hello", message: "Hi", severity: "info", audience: "everyone" },
    },
    {
      name: "a system notification's delete",
      handler: sectionList.action,
      path: "/admin/system_notifications",
      params: { section: "system_notifications" },
      fields: { intent: "delete", id: "4" },
    },
    {
      name: "a new quote tool provider",
      handler: sectionNew.action,
      path: "/admin/quote_tool_providers/new",
      params: { section: "quote_tool_providers" },
      fields: { name: "Quotes", signOnUrl: "https://quotes.example.com/", secret: "a-secret-123" },
    },
    {
      name: "a quote tool provider's save",
      handler: sectionRecord.action,
      path: "/admin/quote_tool_providers/1",
      params: { section: "quote_tool_providers", id: "1" },
      fields: { intent: "save", name: "Quotes", signOnUrl: "https://quotes.example.com/", secret: "a-secret-123" },
    },
    {
      name: "a quote tool provider's delete",
      handler: sectionList.action,
      path: "/admin/quote_tool_providers",
      params: { section: "quote_tool_providers" },
      fields: { intent: "delete", id: "2" },
    },
    {
      name: "a template's save",
      handler: emailTemplate.action,
      path: "/admin/email_communications/5",
      params: { id: "5" },
      fields: { intent: "save", subject: "Reset {{firstName}}", body: "Go: {{link}}" },
    },
    {
      name: "a template's test",
      handler: emailTemplate.action,
      path: "/admin/email_communications/5",
      params: { id: "5" },
      fields: { intent: "test", userId: "1" },
    },
    {
      name: "an e-mail's resend",
      handler: emailLog.action,
      path: "/admin/email_communications/log",
      params: {},
      fields: { intent: "resend", id: "1" },
    },
    {
      name: "a message's count",
      handler: emailMessage.action,
      path: "/admin/email_communications/message",
      params: {},
      fields: { intent: "count", subject: "Hello", body: "Hi", agencyId: "6" },
    },
    {
      name: "a message to users",
      handler: emailMessage.action,
      path: "/admin/email_communications/message",
      params: {},
      fields: { intent: "send", subject: "Hello", body: "Hi", agencyId: "6", recipients: "3", idempotencyKey: "k-1" },
    },
    {
      name: "a ticket's public answer",
      handler: conversation.action,
      path: "/admin/tickets/2",
      params: { id: "2" },
      fields: { intent: "answer", message: "We updated your address." },
    },
    {
      name: "a ticket's internal note",
      handler: conversation.action,
      path: "/admin/tickets/2",
      params: { id: "2" },
      fields: { intent: "note", note: "Checked with the carrier." },
    },
    {
      name: "a feedback conversation's assignment",
      handler: conversation.action,
      path: "/admin/admin_support/1",
      params: { id: "1" },
      fields: { intent: "assign", assigneeId: "9" },
    },
    {
      name: "closing a feedback conversation",
      handler: conversation.action,
      path: "/admin/admin_support/1",
      params: { id: "1" },
      fields: { intent: "close" },
    },
    {
      name: "a carrier's save",
      handler: carrierRecord.action,
      path: "/admin/carriers/1",
      params: { id: "1" },
      fields: { intent: "carrier", name: "Blue Harbor Health" },
    },
    {
      name: "a carrier product's resources",
      handler: carrierRecord.action,
      path: "/admin/carriers/1?product=101",
      params: { id: "1" },
      fields: { intent: "resource", carrierProductId: "101", transferPolicy: "<p>Ask first.</p>" },
    },
    {
      name: "a new Learning Center resource",
      handler: sectionNew.action,
      path: "/admin/learning_center_resources/new",
      params: { section: "learning_center_resources" },
      fields: {
        title: "Webinars",
        library: "agent",
        category: "Training",
        description: "Monthly",
        audience: "agencies",
        status: "draft",
      },
    },
    {
      name: "a Learning Center resource's attachment removed",
      handler: learningAttachments.action,
      path: "/admin/learning_center_resources/3/attachments",
      params: { id: "3" },
      fields: { intent: "remove", attachmentId: "1" },
    },
    // Carrier exports (issue 24 §2): Build now and a carrier's schedule.
    {
      name: "a carrier export built now",
      handler: carrierExportNew.action,
      path: "/admin/carrier_exports/new",
      params: {},
      fields: { carrierId: "1", kind: "terminations" },
    },
    {
      name: "a carrier's export schedule",
      handler: carrierExportSchedules.action,
      path: "/admin/carrier_exports/schedules",
      params: {},
      fields: { carrierId: "1", new_contracts: "daily", terminations: "off", address_changes: "weekly" },
    },
    {
      name: "a carrier notification marked handled",
      handler: carrierNotification.action,
      path: "/admin/carrier_notifications/49",
      params: { id: "49" },
      fields: { intent: "handle", note: "Called the agent" },
    },
    {
      name: "a carrier notification sent to the agent's documents",
      handler: carrierNotification.action,
      path: "/admin/carrier_notifications/49",
      params: { id: "49" },
      fields: { intent: "route" },
    },
    {
      name: "carrier notifications marked handled in bulk",
      handler: sectionList.action,
      path: "/admin/carrier_notifications?confirm=49",
      params: { section: "carrier_notifications" },
      fields: { intent: "bulk", id: "49", note: "" },
    },
    // Issue 24 §6-8: NIPR.
    {
      name: "an NIPR alert marked handled",
      handler: niprAlert.action,
      path: "/admin/nipr_pdb_alerts/1",
      params: { id: "1" },
      fields: { note: "Handled" },
    },
    {
      name: "NIPR alerts marked handled in bulk",
      handler: sectionList.action,
      path: "/admin/nipr_pdb_alerts?confirm=1",
      params: { section: "nipr_pdb_alerts" },
      fields: { intent: "bulk", id: "1" },
    },
    {
      name: "Sync now with NIPR",
      handler: brokerSummary.action,
      path: "/admin/brokers/4",
      params: { id: "4" },
      fields: { intent: "nipr_sync" },
    },
    {
      name: "the NIPR connection",
      handler: niprConfig.action,
      path: "/admin/nipr_license_config",
      params: {},
      fields: { intent: "connection", username: "intruder", password: "intruder-pass" },
    },
    {
      name: "the NIPR tracking confirmed",
      handler: niprConfig.action,
      path: "/admin/nipr_license_config",
      params: {},
      fields: { intent: "track", tracking: "all", npns: "" },
    },
    {
      name: "the NIPR scans and warning window",
      handler: niprConfig.action,
      path: "/admin/nipr_license_config",
      params: {},
      fields: { intent: "schedule", activeScan: "weekly", inactiveScan: "monthly", warningDays: "30" },
    },
    // Issue 24 §1: carrier imports.
    {
      name: "a carrier file's upload",
      handler: carrierUpload.action,
      path: "/admin/carrier_imports/upload",
      params: {},
      fields: { carrierId: "4", kind: "rts" },
    },
    ...(["confirm", "discard", "mapping:rts"] as const).map((intent) => ({
      name: `a carrier import's ${intent}`,
      handler: carrierImport.action,
      path: "/admin/carrier_imports/1",
      params: { id: "1" },
      fields: { intent, npn: "NPN", statusCode: "RTS Status" },
    })),
    // Issue 24 §5: Sunfire imports.
    {
      name: "a Sunfire export's upload",
      handler: sunfireUpload.action,
      path: "/admin/sunfire_imports/new",
      params: {},
      fields: {},
    },
    {
      name: "a Sunfire export's upload sent by JavaScript",
      handler: sunfireUploadJs.action,
      path: "/admin/sunfire_imports/new/upload",
      params: {},
      fields: {},
    },
    ...(["confirm", "discard"] as const).map((intent) => ({
      name: `a Sunfire import's ${intent}`,
      handler: sunfireImport.action,
      path: "/admin/sunfire_imports/1",
      params: { id: "1" },
      fields: { intent },
    })),
    {
      name: "a Sunfire row's reconciliation",
      handler: sunfireRow.action,
      path: "/admin/sunfire_imports/1/rows/4",
      params: { id: "1", line: "4" },
      fields: { agentUserId: "1", clientId: "new" },
    },
  ];

describe("who may post to the admin area (issue 14)", () => {
  for (const a of ACTIONS) {
    for (const [who, user] of [
      ["an agent", agent],
      ["a carrier", carrier],
      ["an administrator signed in as another user", impersonating],
    ] as const) {
      it(`${a.name}: ${who} is refused (403), the upstream untouched`, async () => {
        const answer = await postAs(a.handler, a.path, a.fields, user, a.params);
        expect(answer.status).toBe(403);
        expect(upstream.calls).toEqual([]);
      });
    }
  }
});

describe("an administrator's invalid input is refused at its field, before the upstream", () => {
  it("a carrier export without its carrier or kind; a schedule with a frequency that is none", async () => {
    const built = await postAs(carrierExportNew.action, "/admin/carrier_exports/new", { kind: "weekly" }, admin);
    expect(built.status).toBe(400);
    expect(Object.keys(replyOf(built.data).error ?? {}).sort()).toEqual(["carrierId", "kind"]);
    const schedule = await postAs(
      carrierExportSchedules.action,
      "/admin/carrier_exports/schedules",
      { carrierId: "1", new_contracts: "hourly", terminations: "off", address_changes: "weekly" },
      admin,
    );
    expect(schedule.status).toBe(400);
    expect(Object.keys(replyOf(schedule.data).error ?? {})).toEqual(["new_contracts"]);
    expect(replyOf(schedule.data).initialValue?.address_changes).toBe("weekly");
    expect(upstream.calls).toEqual([]);
  });

  it("a blank answer or note of a conversation", async () => {
    for (const [intent, field] of [
      ["answer", "message"],
      ["note", "note"],
    ] as const) {
      const answer = await postAs(conversation.action, "/admin/tickets/2", { intent, [field]: "  " }, admin, {
        id: "2",
      });
      expect(answer.status).toBe(400);
      expect(replyOf(answer.data).error?.[field]).toBeTruthy();
    }
    expect(upstream.calls).toEqual([]);
  });

  it("a Learning Center resource published without a date, with a link that is not one", async () => {
    const answer = await postAs(
      sectionNew.action,
      "/admin/learning_center_resources/new",
      {
        title: "Webinars",
        library: "agent",
        category: "Training",
        description: "Monthly",
        audience: "agencies",
        status: "published",
        body: "<p>Kept</p>",
        links: "Sign up https://x.example.com",
      },
      admin,
      { section: "learning_center_resources" },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(Object.keys(reply.error ?? {}).sort()).toEqual(["links", "publishOn"]);
    expect(reply.initialValue).toMatchObject({ body: "<p>Kept</p>" });
    expect(upstream.calls).toEqual([]);
  });
  it("a carrier without a name; a carrier resource with a link that is not https, a bad e-mail and date", async () => {
    // Issue 37 §5: one form, one Save: the carrier's name and status, with the chosen product's resource.
    const carrier = await postAs(carrierRecord.action, "/admin/carriers/1", { name: " " }, admin, {
      id: "1",
    });
    expect(carrier.status).toBe(400);
    expect(replyOf(carrier.data).error?.name).toBeTruthy();
    const resource = await postAs(
      carrierRecord.action,
      "/admin/carriers/1?product=101",
      {
        name: "Summit Mutual",
        active: "true",
        carrierProductId: "101",
        carrierPortalLink: "javascript:alert(1)",
        brokerSupportedEmail: "nobody",
        certificationDate: "13/45/2026",
        transferPolicy: "<p>Kept</p>",
      },
      admin,
      { id: "1" },
    );
    expect(resource.status).toBe(400);
    const reply = replyOf(resource.data);
    expect(Object.keys(reply.error ?? {}).sort()).toEqual([
      "brokerSupportedEmail",
      "carrierPortalLink",
      "certificationDate",
    ]);
    expect(reply.initialValue).toMatchObject({ transferPolicy: "<p>Kept</p>" });
    expect(upstream.calls).toEqual([]);
  });

  it("a new user without a role or a valid e-mail", async () => {
    const answer = await postAs(
      sectionNew.action,
      "/admin/users/new",
      { firstName: "Ann", lastName: "Lee", email: "not-an-email" },
      admin,
      { section: "users" },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(reply.error?.email).toBeTruthy();
    expect(reply.error?.roleId).toEqual(["Choose a role"]);
    expect(reply.initialValue).toMatchObject({ firstName: "Ann", lastName: "Lee", email: "not-an-email" });
    expect(upstream.calls).toEqual([]);
  });

  it("a notice to some roles with none chosen; an end before its start", async () => {
    const answer = await postAs(
      sectionNew.action,
      "/admin/system_notifications/new",
      {
        title: "Hi",
        message: "Hello",
        severity: "info",
        audience: "roles",
        startsOn: "12/10/2030",
        endsOn: "12/01/2030",
      },
      admin,
      { section: "system_notifications" },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(reply.error?.roleAgent).toEqual(["Choose at least one role"]);
    expect(reply.error?.endsOn).toEqual(["The last day comes before the first"]);
    expect(upstream.calls).toEqual([]);
  });

  it("a provider's secret never comes back in the refused form's answer", async () => {
    const answer = await postAs(
      sectionNew.action,
      "/admin/quote_tool_providers/new",
      { name: "Quotes", signOnUrl: "javascript:alert(1)", secret: "the-secret-typed" },
      admin,
      { section: "quote_tool_providers" },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(reply.error?.signOnUrl).toBeTruthy();
    expect(reply.initialValue).toMatchObject({ name: "Quotes" });
    expect(JSON.stringify(answer.data)).not.toContain("the-secret-typed");
    expect(upstream.calls).toEqual([]);
  });

  it("a template without a subject, a message without its text or with a filter not offered", async () => {
    const template = await postAs(
      emailTemplate.action,
      "/admin/email_communications/5",
      { intent: "save", subject: " ", body: "Go: {{link}}" },
      admin,
      { id: "5" },
    );
    expect(template.status).toBe(400);
    expect(replyOf(template.data).error?.subject).toEqual(["Enter the subject"]);
    expect(replyOf(template.data).initialValue).toMatchObject({ body: "Go: {{link}}" });
    const message = await postAs(
      emailMessage.action,
      "/admin/email_communications/message",
      { intent: "count", subject: "Hello", body: "", documents: "lost" },
      admin,
    );
    expect(message.status).toBe(400);
    expect(replyOf(message.data).error?.body).toEqual(["Enter the text of the e-mail"]);
    expect(replyOf(message.data).error?.documents).toEqual(["Choose a documents state from the list"]);
    expect(upstream.calls).toEqual([]);
  });

  it("a denial without the note the broker will see", async () => {
    const answer = await postAs(
      contractingEdit.action,
      "/admin/contracting/edit/1010",
      { state: "denied", version: "3" },
      admin,
      { id: "1010" },
    );
    expect(answer.status).toBe(400);
    expect(replyOf(answer.data).error?.publicNote).toEqual([DENY_NEEDS_NOTE]);
    expect(upstream.calls).toEqual([]);
  });

  it("the desk's bulk move to denied without a note keeps the chosen rows and the internal note", async () => {
    const answer = await postAs(
      sectionList.action,
      "/admin/contracting?confirm=1003&confirm=1004",
      [
        ["intent", "bulk"],
        ["id", "1003"],
        ["id", "1004"],
        ["state", "denied"],
        ["internalNote", "Carrier closed"],
      ],
      admin,
      { section: "contracting" },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(reply.error?.publicNote).toEqual([DENY_NEEDS_NOTE]);
    expect(reply.initialValue).toMatchObject({ id: ["1003", "1004"], internalNote: "Carrier closed" });
    expect(upstream.calls).toEqual([]);
  });

  it("a rejected document needs a note", async () => {
    const answer = await postAs(
      brokerDocuments.action,
      "/admin/brokers/4/documents",
      { kind: "eo", decision: "reject" },
      admin,
      { id: "4" },
    );
    expect(answer.status).toBe(400);
    expect((answer.data as { kind: string }).kind).toBe("eo");
    expect(replyOf(answer.data).error?.note).toBeTruthy();
    expect(upstream.calls).toEqual([]);
  });

  it("a section that is not built, or an id that is not one, is the 404 page", async () => {
    const unbuilt = await postAs(sectionList.action, "/admin/no_such_section", { intent: "delete", id: "1" }, admin, {
      section: "no_such_section",
    });
    expect(unbuilt.status).toBe(404);
    const badId = await postAs(sectionRecord.action, "/admin/roles/abc", { name: "x" }, admin, {
      section: "roles",
      id: "abc",
    });
    expect(badId.status).toBe(404);
    // users' forms are at users/:id/edit (spec §2); users/:id is the user's own page (issue 20): no save there.
    const notTheForm = await postAs(sectionRecord.action, "/admin/users/12", { firstName: "x" }, admin, {
      section: "users",
      id: "12",
    });
    expect(notTheForm).toMatchObject({ status: 302, location: "/admin/users/12" });
    // roles/:id/edit is no URL of a role.
    const wrongShape = await postAs(sectionRecord.action, "/admin/roles/12/edit", { name: "x" }, admin, {
      section: "roles",
      id: "12",
    });
    expect(wrongShape.status).toBe(404);
    expect(upstream.calls).toEqual([]);
  });
});

describe("the upstream's answers to an administrator", () => {
  it("a refusal at named fields (an e-mail taken) comes back at that field, with everything typed", async () => {
    upstream.on("POST /api/admin/users", {
      status: 422,
      json: {
        error: "An account with this e-mail exists.",
        fields: { email: ["An account with this e-mail exists."] },
      },
    });
    const answer = await postAs(
      sectionNew.action,
      "/admin/users/new",
      { firstName: "Ann", lastName: "Lee", email: "agent@demo.test", roleId: "1" },
      admin,
      { section: "users" },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(reply.error?.email).toEqual(["An account with this e-mail exists."]);
    expect(reply.error?.[""] ?? null).toBeNull();
    expect(reply.initialValue).toMatchObject({ firstName: "Ann", email: "agent@demo.test", roleId: "1" });
  });

  it("created: back to the list it was opened from, with the toast; the body is the upstream's contract", async () => {
    upstream.on("POST /api/admin/roles", { status: 201, json: { record: { id: 40 } } });
    const answer = await postAs(
      sectionNew.action,
      "/admin/roles/new?back=%2Fadmin%2Froles%3Fpage%3D2%26kind%3DAgent",
      { name: "Field agent", kind: "Agent", roleHasShowAchInfo: "on" },
      admin,
      { section: "roles" },
    );
    expect(answer).toMatchObject({ status: 302, location: "/admin/roles?page=2&kind=Agent" });
    expect(await toastsOf(answer)).toEqual([{ type: "success", message: "Role Field agent created." }]);
    const call = upstream.calls.find((c) => c.method === "POST");
    expect(JSON.parse(call?.body ?? "{}")).toEqual({
      name: "Field agent",
      kind: "Agent",
      description: "",
      roleHasOnboardingProcess: false,
      roleHasShowAchInfo: true,
      roleHasOptoutProcess: false,
      roleRequiresSsnOrTin: false,
    });
  });

  it("a list URL of another site is never where a form goes back to", async () => {
    upstream.on("POST /api/admin/roles", { status: 201, json: { record: { id: 41 } } });
    const answer = await postAs(
      sectionNew.action,
      "/admin/roles/new?back=https%3A%2F%2Fevil.example%2Fadmin%2Froles",
      { name: "Another", kind: "Agent" },
      admin,
      { section: "roles" },
    );
    expect(answer.location).toBe("/admin/roles");
  });

  it("a broker's contract page moves only that broker's request: another's under its URL is the 404 page", async () => {
    const request = (brokerId: number) => ({
      record: {
        id: 1010,
        broker: { id: brokerId, name: "Sharon Lopez", npnNumber: "30004181" },
        carrierProductId: 101,
        carrierId: 1,
        carrierName: "Blue Harbor Health",
        productId: 1,
        productName: "Medicare Advantage",
        state: "pending",
        requestedAt: "2026-11-01T10:00:00.000Z",
        stateSince: "2026-11-01T10:00:00.000Z",
        waitingDays: 25,
        ballWith: "agency",
        timeInStates: [{ state: "pending", seconds: 2_160_000 }],
        lastPublicNote: null,
        internalNote: null,
        writingNumber: null,
        effectiveDate: null,
        version: 3,
      },
      legalAnswers: [],
      history: [],
    });
    const move = async () =>
      postAs(brokerContract.action, "/admin/brokers/110/contracts/1010", { state: "approved", version: "3" }, admin, {
        id: "110",
        contract_id: "1010",
      });

    upstream.on("GET /api/admin/contract_requests/1010", { json: request(111) });
    expect(await move()).toMatchObject({ status: 404 });
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).not.toContain(
      "POST /api/admin/contract_requests/1010/transition",
    );

    upstream.on("GET /api/admin/contract_requests/1010", { json: request(110) });
    upstream.on("POST /api/admin/contract_requests/1010/transition", { json: { record: request(110).record } });
    expect(await move()).toMatchObject({ status: 302, location: "/admin/brokers/110/contracts/1010" });
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toContain(
      "POST /api/admin/contract_requests/1010/transition",
    );
  });

  it("a delete the upstream refuses (in use) says why", async () => {
    upstream.on("DELETE /api/admin/roles/1", {
      status: 409,
      json: { error: "This role has 30 users: give them another role first." },
    });
    const answer = await postAs(
      sectionList.action,
      "/admin/roles?delete=1&page=2",
      { intent: "delete", id: "1" },
      admin,
      { section: "roles" },
    );
    expect(answer).toMatchObject({ status: 302, location: "/admin/roles?page=2" });
    expect(await toastsOf(answer)).toEqual([
      { type: "error", message: "This role has 30 users: give them another role first." },
    ]);
  });

  it("a bulk disable: the calls start together; each done or refused with its reason", async () => {
    upstream.on("PATCH /api/admin/users/150", { json: { record: { id: 150 } } });
    upstream.on("PATCH /api/admin/users/151", { status: 422, json: { error: "You cannot disable yourself." } });
    const answer = await postAs(
      sectionList.action,
      "/admin/users?confirm=150&confirm=151",
      [
        ["intent", "bulk"],
        ["id", "150"],
        ["id", "151"],
      ],
      admin,
      { section: "users" },
    );
    expect(answer.location).toBe("/admin/users");
    expect(await toastsOf(answer)).toEqual([
      { type: "success", message: "1 of 2 users disabled." },
      { type: "error", message: "You cannot disable yourself." },
    ]);
    expect(upstream.calls.filter((c) => c.method === "PATCH").map((c) => JSON.parse(c.body))).toEqual([
      { status: "disabled" },
      { status: "disabled" },
    ]);
  });
});

describe("an admin list's URL (ADR 020)", () => {
  const list = (records: unknown[] = []) => ({
    records,
    meta: {
      page: 1,
      currentPage: 1,
      perPage: 25,
      totalCount: records.length,
      totalPages: 1,
      search: "",
      sort: null,
      order: "ASC",
      pageNumbers: [1],
    },
    facets: { roleId: [], status: [], agencyId: [], documents: [] },
  });

  it("values it does not know are left out and named; the rest reach the upstream checked", async () => {
    upstream.on("GET /api/admin/users", { json: list() });
    const answer = await answerOf(
      sectionList.loader,
      get("/admin/users?page=abc&sort=evil&roleId=x&status=pending&search=%00ann%20"),
      contextFor(viewerFor(admin)),
      { params: { section: "users" } },
    );
    expect(answer.status).toBe(200);
    expect((answer.data as { ignored: string[] }).ignored).toEqual(["page", "sort", "roleId"]);
    const call = upstream.calls.find((c) => c.path === "/api/admin/users");
    expect(new URLSearchParams(call?.query).toString()).toBe("search=ann&status=pending");
  });

  it("the desk asks for the longest waiting first when the URL names no order", async () => {
    upstream.on("GET /api/admin/contract_requests", {
      json: { ...list(), facets: { state: [], carrierId: [], productId: [], age: [] } },
    });
    await answerOf(sectionList.loader, get("/admin/contracting?state=pending"), contextFor(viewerFor(admin)), {
      params: { section: "contracting" },
    });
    const call = upstream.calls.find((c) => c.path === "/api/admin/contract_requests");
    expect(new URLSearchParams(call?.query).toString()).toBe("state=pending&sort=waiting&order=DESC");
  });

  it("a filter only the upstream can judge, refused, is the page's 400 with the way back", async () => {
    upstream.on("GET /api/admin/users", { status: 422, json: { error: "agencyId: no agency 99" } });
    const answer = await answerOf(sectionList.loader, get("/admin/users?agencyId=99"), contextFor(viewerFor(admin)), {
      params: { section: "users" },
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ resetHref: "/admin/users" });
  });

  it("an unbuilt section is the 404 page; a non-admin's GET is refused", async () => {
    const unbuilt = await answerOf(sectionList.loader, get("/admin/no_such_section"), contextFor(viewerFor(admin)), {
      params: { section: "no_such_section" },
    });
    expect(unbuilt.status).toBe(404);
    const refused = await answerOf(sectionList.loader, get("/admin/users"), contextFor(viewerFor(agent)), {
      params: { section: "users" },
    });
    expect(refused.status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });
});
