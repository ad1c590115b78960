/**
 * Text the reference API stores (issue 20): control and bidirectional formatting characters are refused, the
 * portal forms' rule (`hasControlCharacters`, app/domain/validation.ts) checked again here. SQLite cut a value
 * at a NUL, and a right-to-left override made a name read backwards in lists and exports.
 * - `refuseControlCharacters`: every string of a JSON body, at any depth (tab and line breaks allowed: notes
 *   and descriptions have several lines; passwords are the password rules' business) → 422 `{ error, fields }`.
 * - `oneLine` (app/.server/upstream/schemas/text.ts): the bodies' names and titles, no tab or line break either.
 * - `formText` (conversations.ts `text`): the multipart forms' text fields.
 */
import type { NextFunction, Request, Response } from "express";
import { CONTROL_CHARACTERS_TEXT, hasControlCharacters } from "../../../app/domain/validation.ts";

export { oneLine } from "../../../app/.server/upstream/schemas/text.ts";
export { CONTROL_CHARACTERS_TEXT };

const EXEMPT = /password/i;

/** The path (`answers.0.note`) of the first string in `value` that holds control characters, or null. */
export function controlCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return hasControlCharacters(value, { multiline: true }) ? path.join(".") : null;
  if (value === null || typeof value !== "object" || path.length > 16) return null;
  for (const [key, item] of Object.entries(value)) {
    if (path.length === 0 && EXEMPT.test(key)) continue;
    const found = controlCharacterPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a JSON body with control characters in any string: 422 `{ error, fields }` at the field (its top-level
 * name), as the admin endpoints' refusals (admin-support.ts refuseFields).
 */
export function refuseControlCharacters(req: Request, res: Response, next: NextFunction): void {
  const path = req.is("application/json") ? controlCharacterPath(req.body) : null;
  if (path === null) return next();
  const field = path.split(".")[0] || "body";
  res.status(422).json({ error: CONTROL_CHARACTERS_TEXT, fields: { [field]: [CONTROL_CHARACTERS_TEXT] } });
}

/**
 * The problem with a multipart form's text field, or null: control characters (with `line`, a field meant for
 * one line, tab and line breaks too).
 */
export function formTextProblem(name: string, value: string, options: { line?: boolean } = {}): string | null {
  return hasControlCharacters(value, { multiline: !options.line }) ? `${name}: ${CONTROL_CHARACTERS_TEXT}` : null;
}
