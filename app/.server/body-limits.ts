/**
 * How many bytes a request's body may have, decided by the server before it reads a byte (server/request-handler.ts,
 * docs/decisions/012-bounded-requests.md): 64 KB for a form without files, 30 MB for one with files — and for the
 * forms whose file may be larger, what their page says, whichever of the form's routes it is posted to.
 */
import type { RouterContextProvider } from "react-router";
import { MAX_CARRIER_FILE_MB } from "~/admin/sections/carrier_imports/schemas";
import { MAX_STATEMENT_MB } from "~/admin/sections/commission_statements/schemas";
import { MAX_SUNFIRE_FILE_MB } from "~/admin/sections/sunfire_imports/schemas";
import { requestInfoContext } from "./context";
import { FORM_LIMITS } from "./form-limits";

const MB = 1024 * 1024;

/** Room in a form's body for its other fields and the multipart framing around its file. */
const FORM_AROUND_FILE = 64 * 1024;

/** The most bytes a form's body may have when its file may have `fileMb` MB. */
export const fileFormBytes = (fileMb: number) => fileMb * MB + FORM_AROUND_FILE;

/**
 * The forms whose file may be larger than FORM_LIMITS.multipartBytes lets through (issue 35 §1), by form: the most
 * its file may have (the constant its page states, "at most 50 MB") and every route it is posted to, by route id
 * (app/routes.ts' file, without its extension): the page's own action, which the plain post (no JavaScript) reaches,
 * and the resource route JavaScript sends the form to for the upload's progress. The server finds a request's route
 * as React Router does (its patterns, ids included), so a path and the route it reaches cannot disagree; a streamed
 * upload whose route is missing here fails at once (requireFileFormLimit).
 */
export const LARGE_FILE_FORMS = {
  "commission statement import": {
    fileMb: MAX_STATEMENT_MB,
    routes: ["routes/admin.commission_statements.import", "routes/admin.commission_statements.import.upload"],
  },
  "carrier file import": {
    fileMb: MAX_CARRIER_FILE_MB,
    routes: ["routes/admin.carrier_imports.upload", "routes/admin.carrier_imports.upload.send"],
  },
  "Sunfire export import": {
    fileMb: MAX_SUNFIRE_FILE_MB,
    routes: ["routes/admin.sunfire_imports.new", "routes/admin.sunfire_imports.new.upload"],
  },
} as const satisfies Record<string, { fileMb: number; routes: readonly string[] }>;

const LARGE_FILE_ROUTES = new Map<string, number>(
  Object.values(LARGE_FILE_FORMS).flatMap(({ fileMb, routes }) =>
    routes.map((id): [string, number] => [id, fileFormBytes(fileMb)]),
  ),
);

/** The most bytes a request body of this content type, posted to the route `routeId` (null: none), may have. */
export function bodyLimit(contentType: string | undefined, routeId: string | null): number {
  if (!/^multipart\/form-data/i.test(contentType ?? "")) return FORM_LIMITS.formBytes;
  return (routeId && LARGE_FILE_ROUTES.get(routeId)) || FORM_LIMITS.multipartBytes;
}

/**
 * For a streamed upload whose file may have `fileMb` MB: throws (a 500, in the log) when the server let this form's
 * body (multipart: the others are refused unread) have less than that file needs — its route is missing from
 * LARGE_FILE_FORMS — so a new upload route fails at its first test rather than with a 413 at 30 MB in production.
 * The server says its limit in the request's context; a context without one (a unit test's) is not checked.
 */
export function requireFileFormLimit(request: Request, context: Readonly<RouterContextProvider>, fileMb: number): void {
  const { bodyLimit: limit } = context.get(requestInfoContext);
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  if (multipart && limit !== undefined && limit < fileFormBytes(fileMb)) {
    throw new Error(
      `This form takes a file of up to ${fileMb} MB, but the server lets its body have ${limit} bytes: add its routes to LARGE_FILE_FORMS (app/.server/body-limits.ts)`,
    );
  }
}
