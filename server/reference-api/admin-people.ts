/**
 * The admin area's roles, users, RTS statuses and the admin index's counts (issue 14; docs/upstream-api.md "Admin area"). Mounted under /api/admin, behind
 * requireSession and requireAdmin (app.ts): every handler here runs for an administrator's own session only.
 */
import type { Express } from "express";
import type { Logger } from "pino";
import type { AfterAnswer } from "./after-answer.ts";
import type { ReferenceDb } from "./db.ts";
import type { Mailer } from "./mailer.ts";

export interface AdminRouteOptions {
  db: ReferenceDb;
  logger: Logger;
  mailer: Mailer;
  after: AfterAnswer;
}

export function registerAdminPeopleRoutes(_app: Express, _options: AdminRouteOptions): void {
  // Filled in by issue 14's people part.
}
