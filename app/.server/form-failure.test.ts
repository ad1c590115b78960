import { parseWithZod } from "@conform-to/zod/v4";
import pino from "pino";
import { RouterContextProvider, createSession } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sessionContext } from "./context";
import { UNDEFINED_RESPONSE } from "~/domain/errors";
import { STALE_REASON, STALE_RECORD, STALE_RECORD_NOTICE } from "~/domain/record-version";
import { FILES_KEPT_FIELD } from "~/domain/uploads";
import { parseEnv } from "./env";
import { SERVICE_NOT_ANSWERING, formFailure } from "./form-failure";
import { setRuntime } from "./runtime";
import type { PortalSession } from "./session";
import { UPSTREAM_UNREACHABLE, UnauthorizedError, UpstreamError } from "./upstream/client";
import { upstreamFailure } from "./upstream-failure";

beforeAll(() => {
  setRuntime({
    env: parseEnv({}),
    upstreamUrl: "http://127.0.0.1:9",
    sessionSecrets: ["a-test-secret-of-enough-length"],
    logger: pino({ level: "silent" }),
    reportError: () => {},
  });
});

const Schema = z.object({ subject: z.string(), password: z.string(), attachment: z.instanceof(File).optional() });

function contextWithSession() {
  const session = createSession({ token: "t0k" }) as unknown as PortalSession;
  let forgotten = 0;
  const context = new RouterContextProvider();
  context.set(sessionContext, { session, viewer: async () => null, forgetViewerFailure: () => void forgotten++ });
  return { context, session, forgotten: () => forgotten };
}

function typed(withFile = false): FormData {
  const form = new FormData();
  form.set("subject", "My W-9 upload keeps failing");
  form.set("password", "secret-password");
  if (withFile) form.set("attachment", new File(["%PDF"], "court-order.pdf", { type: "application/pdf" }));
  return form;
}

const unanswered = (kind: "unreachable" | "reset" | "timeout") => new UpstreamError(503, [UPSTREAM_UNREACHABLE], kind);

describe("formFailure: an upstream fault gives the same form back", () => {
  it.each(["unreachable", "reset", "timeout"] as const)(
    "%s: 503, every typed value, the plain message",
    async (kind) => {
      const { context, forgotten } = contextWithSession();
      const submission = parseWithZod(typed(), { schema: Schema });
      const failure = await formFailure(unanswered(kind), context, submission, { hideFields: ["password"] });
      expect(failure.status).toBe(503);
      expect(failure.messages).toEqual([SERVICE_NOT_ANSWERING]);
      expect(failure.result.error).toEqual({ "": [SERVICE_NOT_ANSWERING] });
      expect(failure.result.initialValue).toEqual({ subject: "My W-9 upload keeps failing" });
      // The page drawn under the form may ask for the viewer again.
      expect(forgotten()).toBe(1);
    },
  );

  it("a 5xx answer carries the upstream's message (502); a 4xx refusal stays a 400", async () => {
    const { context } = contextWithSession();
    const server = await formFailure(new UpstreamError(500, ["The ticket service is down"]), context, typed());
    expect(server).toMatchObject({ status: 502, messages: ["The ticket service is down"] });
    expect(server.result.error).toEqual({ "": ["The ticket service is down"] });
    const refused = await formFailure(new UpstreamError(422, ["Already invited"]), context, typed());
    expect(refused).toMatchObject({ status: 400, messages: ["Already invited"] });
  });

  it("a decision on a record changed since (the upstream's 409, reason stale) is a 409 saying so, its version not given back", async () => {
    const { context } = contextWithSession();
    const form = new FormData();
    form.set("note", "Looks right");
    form.set("version", "1");
    const cause = Object.assign(new UpstreamError(409, [STALE_RECORD]), { reason: STALE_REASON });
    const failure = await formFailure(cause, context, form);
    expect(failure).toMatchObject({ status: 409, messages: [STALE_RECORD_NOTICE] });
    expect(STALE_RECORD_NOTICE.startsWith(STALE_RECORD)).toBe(true);
    expect(failure.result.error).toEqual({ "": [STALE_RECORD_NOTICE] });
    expect(failure.result.initialValue).toEqual({ note: "Looks right" });
    // Any other 409 is a refusal like the rest: a 400 with the upstream's words.
    const decided = await formFailure(new UpstreamError(409, ["This entry is decided."]), context, form);
    expect(decided).toMatchObject({ status: 400, messages: ["This entry is decided."] });
  });

  it("an answer the portal cannot use is 'Undefined response from server' (502)", async () => {
    const { context } = contextWithSession();
    const failure = await formFailure(new UpstreamError(502, [UNDEFINED_RESPONSE], "contract"), context, typed());
    expect(failure).toMatchObject({ status: 502, messages: [UNDEFINED_RESPONSE] });
  });

  it("from the request's FormData when the failure came before the form was parsed", async () => {
    const { context } = contextWithSession();
    const failure = await formFailure(unanswered("reset"), context, typed(), { hideFields: ["password"] });
    expect(failure.result.initialValue).toEqual({ subject: "My W-9 upload keeps failing" });
    expect(failure.result.status).toBe("error");
  });

  it("chosen files are not sent back, and the form says to choose them again", async () => {
    const { context } = contextWithSession();
    const submission = parseWithZod(typed(true), { schema: Schema });
    const failure = await formFailure(unanswered("timeout"), context, submission, { hideFields: ["password"] });
    expect(failure.messages).toEqual([SERVICE_NOT_ANSWERING]);
    expect(failure.result.error?.[""]).toEqual([
      SERVICE_NOT_ANSWERING,
      "The file you chose (court-order.pdf) was not kept: choose it again before sending.",
    ]);
    expect(failure.result.initialValue).toEqual({ subject: "My W-9 upload keeps failing" });
    // Nested file fields (legal answers) are found too.
    const nested = new FormData();
    nested.set("answers[0].file", new File(["x"], "a.pdf"));
    nested.set("answers[1].file", new File(["y"], "b.png"));
    const many = await formFailure(unanswered("reset"), context, nested);
    expect(many.result.error?.[""]?.at(-1)).toBe(
      "The files you chose (a.pdf, b.png) were not kept: choose them again before sending.",
    );
  });

  it("no note when the form was sent by JavaScript (FilesKeptMarker): the page, and its files, stayed", async () => {
    const { context } = contextWithSession();
    const form = typed(true);
    form.set(FILES_KEPT_FIELD, "1");
    const failure = await formFailure(unanswered("reset"), context, parseWithZod(form, { schema: Schema }), {
      hideFields: ["password"],
    });
    expect(failure.result.error).toEqual({ "": [SERVICE_NOT_ANSWERING] });
    expect(failure.result.initialValue).toEqual({ subject: "My W-9 upload keeps failing" });
  });

  it("understands the error page upstreamFailure made (the viewer's calls failed)", async () => {
    const { context, session } = contextWithSession();
    const page = await upstreamFailure(unanswered("unreachable"), session).catch((e: unknown) => e);
    const failure = await formFailure(page, context, typed());
    expect(failure.status).toBe(503);
  });
});

describe("formFailure: what is not a fault", () => {
  it("a 401 ends the session exactly as today: redirect to / with the session cookie cleared", async () => {
    const { context } = contextWithSession();
    const thrown = await formFailure(new UnauthorizedError(), context, typed()).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(/portal_session=;/);
  });

  it("anything else is rethrown", async () => {
    const { context } = contextWithSession();
    const bug = new TypeError("a bug");
    await expect(formFailure(bug, context, typed())).rejects.toBe(bug);
    const redirect = new Response(null, { status: 302, headers: { location: "/" } });
    await expect(formFailure(redirect, context, typed())).rejects.toBe(redirect);
  });
});
