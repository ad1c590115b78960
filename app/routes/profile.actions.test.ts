import { describe, expect, it } from "vitest";
import { accessMiddleware } from "~/.server/guards";
import type { SessionUser } from "~/domain/user";
import {
  type ViewerOptions,
  answerOf,
  contextFor,
  post,
  toastsOf,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import * as profile from "./profile";
import * as documentPage from "./profile.documents.$kind";
import * as documentUpload from "./profile.documents.$kind.file";

/** The profile's actions (issue 12): refusals before the upstream hears of them, errors keeping what was typed. */
const upstream = withFakeUpstream();

type Handler = (args: never) => unknown;
async function postAs(
  handler: Handler,
  path: string,
  fields: Record<string, string | File>,
  user: Partial<SessionUser>,
  options: ViewerOptions = {},
  params = {},
) {
  return answerOf(handler, post(path, fields), contextFor(viewerFor(user, options)), {
    middleware: [accessMiddleware],
    params,
  });
}

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
const agent: Partial<SessionUser> = { existingActiveContracts: true };
const details = { phone: "(555) 300-1234", addressLine1: "1 Main St", city: "Tucson", state: "AZ", zip: "85701" };
const pdf = () => new File(["%PDF-1.4"], "cert.pdf", { type: "application/pdf" });
const storedDoc = {
  kind: "w9",
  title: "W-9",
  expires: false,
  file: { id: 7, name: "cert.pdf", contentType: "application/pdf", size: 8 },
  uploadedAt: "2031-05-10T12:00:00.000Z",
  expiresOn: null,
  review: "accepted",
  reviewerNote: null,
};

describe("the profile's details (/profile)", () => {
  it("wrong role: a carrier's post is refused (403) before the upstream hears of it", async () => {
    const answer = await postAs(profile.action, "/profile", details, { role: "Carrier" });
    expect(answer.status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });

  it("invalid input: 400 at the fields, every typed value kept, nothing sent", async () => {
    const answer = await postAs(profile.action, "/profile", { ...details, zip: "857", phone: "555" }, agent);
    expect(answer.status).toBe(400);
    const reply = answer.data as Reply;
    expect(reply.error?.zip).toEqual(["Enter a 5-digit ZIP code"]);
    expect(reply.error?.phone).toBeTruthy();
    expect(reply.initialValue).toMatchObject({ addressLine1: "1 Main St", zip: "857", phone: "555" });
    expect(upstream.calls).toEqual([]);
  });

  it("saved: the digits of the phone and the address go upstream; back to the profile with a toast", async () => {
    upstream.on("PUT /api/profile/details", {
      json: {
        details: {
          ...details,
          firstName: "Priya",
          lastName: "Raman",
          email: "loa@demo.test",
          addressLine2: null,
          npnNumber: "1",
          agencyName: null,
          upline: null,
        },
      },
    });
    const answer = await postAs(profile.action, "/profile", details, agent);
    expect(answer).toMatchObject({ status: 302, location: "/profile" });
    expect(await toastsOf(answer)).toEqual([{ type: "success", message: "Your details were saved." }]);
    expect(upstream.calls.map((c) => [c.method, c.path, JSON.parse(String(c.body))])).toEqual([
      ["PUT", "/api/profile/details", { ...details, phone: "5553001234", addressLine2: null }],
    ]);
  });

  it("an upstream refusal comes back at the form, with what was typed", async () => {
    upstream.on("PUT /api/profile/details", { status: 422, json: { error: "ZIP code must be 5 digits" } });
    const answer = await postAs(profile.action, "/profile", details, agent);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error: { "": ["ZIP code must be 5 digits"] }, initialValue: details });
  });
});

describe("a document's upload (/profile/documents/:kind and its JavaScript twin)", () => {
  it("wrong role and unknown kinds are refused before the upstream hears of them", async () => {
    const carrier = await postAs(
      documentPage.action,
      "/profile/documents/w9",
      { file: pdf() },
      { role: "Carrier" },
      {},
      {
        kind: "w9",
      },
    );
    expect(carrier.status).toBe(403);
    const unknown = await postAs(
      documentPage.action,
      "/profile/documents/passport",
      { file: pdf() },
      agent,
      {},
      {
        kind: "passport",
      },
    );
    expect(unknown.status).toBe(404);
    expect(upstream.calls).toEqual([]);
  });

  it("a certificate without a valid expiry date: 400 at the field, the date typed kept, the file not", async () => {
    const answer = await postAs(
      documentPage.action,
      "/profile/documents/eo",
      { file: pdf(), expiresOn: "02/30/2031" },
      agent,
      {},
      { kind: "eo" },
    );
    expect(answer.status).toBe(400);
    const reply = answer.data as Reply;
    expect(reply.error?.expiresOn).toEqual(["Enter the expiry date as MM/DD/YYYY"]);
    expect(reply.initialValue).toEqual({ expiresOn: "02/30/2031" });
    expect(upstream.calls).toEqual([]);
  });

  it("plain post: on file → back to the profile with a toast; the JavaScript twin answers JSON", async () => {
    upstream.on("PUT /api/profile/documents/w9", { json: { document: storedDoc, documentNotifications: [] } });
    const plain = await postAs(
      documentPage.action,
      "/profile/documents/w9",
      { file: pdf() },
      agent,
      {},
      { kind: "w9" },
    );
    expect(plain).toMatchObject({ status: 302, location: "/profile#documents" });
    expect(await toastsOf(plain)).toEqual([{ type: "success", message: "Your W-9 was uploaded." }]);

    const viaScript = await postAs(
      documentUpload.action,
      "/profile/documents/w9/file",
      { file: pdf() },
      agent,
      {},
      {
        kind: "w9",
      },
    );
    expect(viaScript.status).toBe(200);
    expect(viaScript.data).toEqual({
      ok: true,
      toasts: [expect.objectContaining({ message: "Your W-9 was uploaded." })],
    });
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "PUT /api/profile/documents/w9",
      "PUT /api/profile/documents/w9",
    ]);
  });

  it("the JavaScript twin answers a refused form as JSON too", async () => {
    const answer = await postAs(documentUpload.action, "/profile/documents/w9/file", {}, agent, {}, { kind: "w9" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      result: { error: { file: ["Choose the file to upload (image or PDF)"] } },
    });
    expect(upstream.calls).toEqual([]);
  });
});

describe("the profile page (/profile) when a part of it fails", () => {
  const fullDetails = {
    firstName: "Maria",
    lastName: "Alvarez",
    email: "agent@demo.test",
    ...details,
    addressLine2: null,
    npnNumber: "17845210",
    agencyName: null,
    upline: null,
  };
  it("the rewards cannot be read: the page shows, the card says so; the documents keep their alert", async () => {
    upstream
      .on("GET /api/profile/details", { json: { details: fullDetails } })
      .on("GET /api/profile/documents", { json: { documents: [storedDoc] } })
      .on("GET /api/profile/rewards", { status: 503, json: { error: "down" } });
    const viewer = viewerFor(agent);
    viewer.documentNotifications = [
      { id: 1, documentName: "W-9", message: "Upload a signed W-9" },
      { id: 2, documentName: "State appointment form", message: "Send the signed form" },
    ];
    const answer = await answerOf(profile.loader, new Request("http://portal/profile"), contextFor(viewer), {
      middleware: [accessMiddleware],
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      rewards: null,
      documents: [{ kind: "w9", flagged: true }],
      otherNotifications: [{ id: 2, documentName: "State appointment form" }],
    });
  });
});
