/**
 * The reference upstream API's routes (docs/upstream-api.md). Every response body is typed with the
 * portal's contract types (app/.server/upstream/schemas.ts).
 */
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { redactTokens } from "../../app/domain/account-tokens.ts";
import type { SessionUser } from "../../app/domain/user.ts";
import type { DocumentNotification, Profile } from "../../app/.server/upstream/schemas/profile.ts";
import type { LoginResponse } from "../../app/.server/upstream/schemas/session.ts";
import { registerAccountRoutes } from "./accounts/routes.ts";
import { requireAdmin } from "./admin/admin-support.ts";
import { registerAdminContractingRoutes } from "./admin-contracting/routes.ts";
import { registerAdminPeopleRoutes } from "./admin-people/routes.ts";
import { registerEmailRoutes } from "./email/routes.ts";
import { registerAdminConversationRoutes } from "./conversations/admin.ts";
import { registerAdminCarrierRoutes } from "./carriers/routes.ts";
import { registerAdminLearningResourceRoutes } from "./learning_center_resources/routes.ts";
import type { AfterAnswer } from "./core/after-answer.ts";
import { registerBookOfBusinessRoutes } from "./book-of-business/routes.ts";
import { registerCommissionRoutes } from "./commissions/routes.ts";
import { registerCommissionScheduleRoutes } from "./commission-schedules/routes.ts";
import { registerCommissionTotalRoutes } from "./commission-totals/routes.ts";
import { registerContractingRoutes } from "./contracting/routes.ts";
import { registerDownlineRoutes } from "./downlines/routes.ts";
import { registerFeedbackRoutes } from "./conversations/feedback.ts";
import { registerInvitationRoutes } from "./invitations/routes.ts";
import type { Mailer } from "./mail/mailer.ts";
import { registerLearningCenterRoutes } from "./learning-center/routes.ts";
import { registerOnboardingRoutes } from "./onboarding/routes.ts";
import { registerProfileDetailsRoutes } from "./profile/routes.ts";
import { registerTicketRoutes } from "./conversations/tickets.ts";
import { registerSubmittedEnrollmentRoutes } from "./submitted-enrollments/routes.ts";
import { registerSunfireRoutes } from "./sunfire/routes.ts";
import type { ReferenceDb, SessionRecord } from "./core/db.ts";
import { verifyPassword } from "./core/passwords.ts";
import { refuseControlCharacters } from "./core/text-rules.ts";
import { documentNotifications, profileOf, setSmsConsent } from "./profile/queries.ts";
import {
  registerAdminSystemNotificationRoutes,
  registerSystemNotificationRoutes,
} from "./system-notifications/routes.ts";
import { registerQuoteToolProviderRoutes } from "./quote-tool-providers/routes.ts";
import { registerPolicyProductionRoutes } from "./policy-production/routes.ts";
import { registerCarrierExportRoutes } from "./carrier-exports/routes.ts";
import { registerPayoutEntryRoutes } from "./payout-entries/routes.ts";
import { registerCarrierEnrollmentRoutes } from "./carrier-enrollments/routes.ts";
import { registerNiprRoutes } from "./nipr/routes.ts";
import { registerReadinessRoutes } from "./readiness/routes.ts";
import { registerDownlineReadinessRoutes } from "./downline-readiness/routes.ts";
import { registerCommissionStatementRoutes } from "./commission-statements/routes.ts";
import { registerCarrierImportRoutes } from "./carrier-imports/routes.ts";
import { registerSunfireImportRoutes } from "./sunfire-imports/routes.ts";

export const UNAUTHORIZED = "Unauthorized Request";
export const INVALID_CREDENTIALS = "Invalid e-mail or password";
export const ADMIN_ONLY = "Only administrators may sign in as another user";
export const NOT_IMPERSONATING = "You are not signed in as another user";
export const SIGN_IN_AS_DISABLED =
  "This account is disabled: you cannot sign in as this user. Enable the account first (Status: Active).";
export const UNVERIFIED = "Verify your e-mail address before signing in.";
export const ACCOUNT_DISABLED = "This account is disabled. Ask your administrator to enable it.";

const LoginBody = z.object({ email: z.string().min(1), password: z.string().min(1) });
/** The admin names the user by id or by e-mail. */
const LoginAsUserBody = z.union([
  z.object({ userId: z.coerce.number().int().positive() }),
  z.object({ email: z.string().trim().min(1) }),
]);

export interface AppOptions {
  db: ReferenceDb;
  logger: Logger;
  allowReset: boolean;
  reset: () => Promise<void>;
  /** Sends the e-mails (SMTP or the outbox). */
  mailer: Mailer;
  /** Work left for after an answer (e-mails, the no-enumeration look-ups). */
  after: AfterAnswer;
}

/** The most e-mails GET /__outbox answers. */
const OUTBOX_MAX = 100;

/** Every href of an e-mail's HTML, unescaped. */
export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
}

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

function validationMessage(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

export function createApp({ db, logger, allowReset, reset, mailer, after }: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);

  // Calls to /api/* since start (tests read it at GET /__stats to check a request's upstream fan-out).
  let apiCalls = 0;
  app.use((req, res, next) => {
    if (req.path.startsWith("/api/")) apiCalls++;
    const started = performance.now();
    res.on("finish", () => {
      // A path may carry a token (/api/registration/<token> …): never logged.
      logger.debug(
        {
          method: req.method,
          path: redactTokens(req.path),
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "reference-api request",
      );
    });
    next();
  });

  // Documents that ran out since yesterday become their brokers' document notifications before anything reads them.
  app.use("/api", (_req, _res, next) => {
    db.sweepExpiredDocuments().then(() => next(), next);
  });

  // A drawn signature (strokes of points with times) may be larger than other bodies; the general
  // parser below skips a body already read.
  app.use("/api/onboarding/steps/signature", express.json({ limit: "1mb" }));
  app.use(express.json({ limit: "100kb" }));
  // No control characters in the text it stores (issue 20; text-rules.ts).
  app.use("/api", refuseControlCharacters);

  const requireSession = async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    const session = token ? await db.findSession(token) : null;
    if (!session) return fail(res, 401, UNAUTHORIZED);
    res.locals.session = session;
    next();
  };

  const login = async (res: Response, userId: number, returnToUserId: number | null = null) => {
    const token = await db.createSession(userId, returnToUserId);
    const user = await db.findUser(userId, returnToUserId);
    if (!user) throw new Error(`user ${userId} vanished while signing in`);
    const body: LoginResponse = { token, user };
    res.json(body);
  };

  app.get("/api/health", (_req, res) => {
    res.json({ status: "ok" });
  });

  if (allowReset) {
    // Body { email } resets only that user's data (tests running in parallel); no body resets everything.
    app.post("/__reset", async (req, res) => {
      const email = typeof req.body?.email === "string" ? req.body.email : null;
      if (email) {
        if (!(await db.resetUser(email))) return fail(res, 404, `No user with e-mail ${email}`);
      } else {
        await reset();
      }
      logger.info({ email }, "reference-api data reset to the seed");
      res.status(204).end();
    });
    app.get("/__stats", (_req, res) => {
      res.json({ apiCalls });
    });
    // Ends every session of one user, as an expired upstream session would (tests of the 401 path).
    app.post("/__revoke_sessions", async (req, res) => {
      const email = typeof req.body?.email === "string" ? req.body.email : "";
      const record = await db.findUserByEmail(email);
      if (!record) return fail(res, 404, `No user with e-mail ${email}`);
      await db.client.execute({ sql: "DELETE FROM sessions WHERE user_id = ?", args: [record.user.userId] });
      res.status(204).end();
    });
    // The e-mails written to the outbox, newest first (`to`: only those to that address, any case), once the
    // work of the requests answered so far is done (an e-mail is sent after its request's answer).
    app.get("/__outbox", async (req, res) => {
      await after.settled();
      const to = typeof req.query.to === "string" ? req.query.to.trim() : "";
      const asked = typeof req.query.limit === "string" ? Number(req.query.limit) : 10;
      const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, OUTBOX_MAX) : 10;
      const found = await db.client.execute({
        sql: `SELECT * FROM outbox ${to ? "WHERE to_address = ? COLLATE NOCASE" : ""} ORDER BY id DESC LIMIT ?`,
        args: to ? [to, limit] : [limit],
      });
      res.json({
        emails: found.rows.map((r) => ({
          id: Number(r.id),
          to: String(r.to_address),
          subject: String(r.subject),
          text: String(r.text_body),
          html: String(r.html_body),
          createdAt: String(r.created_at),
          links: hrefsOf(String(r.html_body)),
        })),
      });
    });
  }

  app.post("/api/login", async (req, res) => {
    const parsed = LoginBody.safeParse(req.body);
    if (!parsed.success) return fail(res, 422, validationMessage(parsed.error));
    const record = await db.findUserByEmail(parsed.data.email);
    // Verify against a throwaway hash for unknown e-mails too, so timing does not reveal accounts.
    const ok = record
      ? await verifyPassword(parsed.data.password, record.passwordHash)
      : (await verifyPassword(parsed.data.password, DUMMY_HASH), false);
    if (!record || !ok) return fail(res, 401, INVALID_CREDENTIALS);
    // Registered but not verified: the right password, told so (a pending account matches no password).
    if (record.status === "unverified") return res.status(403).json({ error: UNVERIFIED, reason: "unverified" });
    // Disabled by an administrator (admin users, issue 14).
    if (record.status === "disabled") return res.status(403).json({ error: ACCOUNT_DISABLED, reason: "disabled" });
    // The admin area's "Last sign-in" (an administrator's "Sign in as" is not the user's own).
    await db.client.execute({
      sql: "UPDATE users SET last_sign_in_at = ? WHERE id = ?",
      args: [new Date().toISOString(), record.user.userId],
    });
    await login(res, record.user.userId);
  });

  app.get("/api/me", requireSession, (_req, res: Authed) => {
    const body: { user: SessionUser } = { user: res.locals.session.user };
    res.json(body);
  });

  app.delete("/api/logout", requireSession, async (_req, res: Authed) => {
    await db.deleteSession(res.locals.session.token);
    res.status(204).end();
  });

  app.post("/api/login_as_user", requireSession, async (req, res: Authed) => {
    const { user } = res.locals.session;
    if (user.role !== "Admin") return fail(res, 403, ADMIN_ONLY);
    const parsed = LoginAsUserBody.safeParse(req.body ?? {});
    if (!parsed.success) return fail(res, 422, validationMessage(parsed.error));
    const targetId =
      "userId" in parsed.data
        ? parsed.data.userId
        : ((await db.findUserByEmail(parsed.data.email))?.user.userId ?? null);
    const target = targetId == null ? null : await db.findUser(targetId);
    if (!target) {
      return fail(
        res,
        404,
        "userId" in parsed.data ? `No user with id ${parsed.data.userId}` : `No user with e-mail ${parsed.data.email}`,
      );
    }
    // A disabled account signs in nowhere, an administrator's "Sign in as" included.
    const status = await db.client.execute({ sql: "SELECT status FROM users WHERE id = ?", args: [target.userId] });
    if (status.rows[0]?.status === "disabled") return fail(res, 422, SIGN_IN_AS_DISABLED);
    logger.info({ adminId: user.userId, userId: target.userId }, "admin signed in as another user");
    await login(res, target.userId, user.userId);
  });

  app.get("/api/logout_as_user", requireSession, async (_req, res: Authed) => {
    const { token, returnToUserId } = res.locals.session;
    if (returnToUserId == null) return fail(res, 422, NOT_IMPERSONATING);
    const admin = await db.findUser(returnToUserId);
    if (!admin) return fail(res, 404, `No user with id ${returnToUserId}`);
    await db.deleteSession(token);
    await login(res, admin.userId);
  });

  const sendProfile = async (res: Authed) => {
    const body: { profile: Profile } = { profile: await profileOf(db, res.locals.session.user) };
    res.json(body);
  };

  app.get("/api/profile", requireSession, async (_req, res: Authed) => {
    await sendProfile(res);
  });

  app.post("/api/profile/sms_consent", requireSession, async (_req, res: Authed) => {
    await setSmsConsent(db, res.locals.session.user.userId, true);
    await sendProfile(res);
  });

  app.delete("/api/profile/sms_consent", requireSession, async (_req, res: Authed) => {
    await setSmsConsent(db, res.locals.session.user.userId, false);
    await sendProfile(res);
  });

  registerSystemNotificationRoutes(app, { db, logger, requireSession });

  app.get("/api/profile/document_notifications", requireSession, async (_req, res: Authed) => {
    const body: { documentNotifications: DocumentNotification[] } = {
      documentNotifications: await documentNotifications(db, res.locals.session.user.userId),
    };
    res.json(body);
  });

  registerContractingRoutes(app, { db, logger, requireSession });
  registerOnboardingRoutes(app, { db, logger, requireSession });
  registerBookOfBusinessRoutes(app, { db, logger, requireSession });
  registerInvitationRoutes(app, { db, logger, requireSession, mailer });
  registerAccountRoutes(app, { db, logger, requireSession, mailer, after });
  // The admin area (issue 14): an administrator's own session only, for every path under /api/admin.
  app.use("/api/admin", requireSession, requireAdmin);
  registerAdminPeopleRoutes(app, { db, logger, mailer, after });
  registerAdminContractingRoutes(app, { db, logger, mailer, after });
  registerEmailRoutes(app, { db, logger, mailer, after });
  registerAdminConversationRoutes(app, { db, logger });
  registerQuoteToolProviderRoutes(app, { db, logger });
  registerPayoutEntryRoutes(app, { db, logger });
  registerCarrierEnrollmentRoutes(app, { db, logger }); // carrier enrollments and notifications (issue 24 §3–4)
  registerNiprRoutes(app, { db, logger }); // NIPR: alerts, history, settings, the producer database (issue 24)
  registerAdminSystemNotificationRoutes(app, { db, logger });
  registerAdminCarrierRoutes(app, { db, logger });
  registerAdminLearningResourceRoutes(app, { db, logger });
  registerPolicyProductionRoutes(app, { db, logger });
  registerCommissionTotalRoutes(app, { db, logger });
  registerCommissionStatementRoutes(app, { db, logger });
  registerCarrierExportRoutes(app, { db, logger }); // the files sent to carriers (issue 24 §2)
  registerCarrierImportRoutes(app, { db, logger });
  registerSunfireImportRoutes(app, { db, logger }); // the quote tool's enrollment exports (issue 24 §5)
  registerDownlineRoutes(app, { db, logger, requireSession });
  registerTicketRoutes(app, { db, logger, requireSession });
  registerCommissionRoutes(app, { db, logger, requireSession });
  registerCommissionScheduleRoutes(app, { db, logger, requireSession }); // the carriers' schedule (issue 25 §3)
  registerLearningCenterRoutes(app, { db, logger, requireSession });
  registerSunfireRoutes(app, { db, logger, requireSession });
  registerSubmittedEnrollmentRoutes(app, { db, logger, requireSession });
  registerProfileDetailsRoutes(app, { db, logger, requireSession });
  registerReadinessRoutes(app, { db, logger, requireSession }); // ready to sell (issue 25 §1)
  registerDownlineReadinessRoutes(app, { db, logger, requireSession, mailer, after }); // downline readiness (25 §2)
  registerFeedbackRoutes(app, { db, logger, requireSession });

  app.use((_req, res) => {
    fail(res, 404, "Not found");
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = error as { type?: string; status?: number; statusCode?: number; message?: string };
    if (e?.type === "entity.parse.failed") return fail(res, 400, "Invalid JSON body");
    const status = e?.status ?? e?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return fail(res, status, e.message || "Bad request");
    }
    logger.error({ err: error, method: req.method, path: redactTokens(req.path) }, "reference-api request failed");
    if (res.headersSent) return;
    fail(res, 500, "Internal server error");
  });

  return app;
}

/** A valid hash of a random password, used to spend the same time on unknown e-mails. */
const DUMMY_HASH =
  "scrypt$00000000000000000000000000000000$0000000000000000000000000000000000000000000000000000000000000000";
