import type { Submission } from "@conform-to/react";
import { type RouterContextProvider, data, redirect } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { isAccountToken } from "~/domain/account-tokens";
import { emailRequestSchema } from "~/domain/accounts";
import { actionForm, formFailure } from "./form-failure";
import { formDataOf, parseSubmission } from "./forms";
import { UPSTREAM_UNREACHABLE } from "./upstream/client";
import { TOKEN_REASONS, type TokenReason } from "./upstream/schemas/account";
import { requestInfoContext } from "./context";
import { runtime } from "./runtime";
import { type AccountFormKind, accountFormAttempt, tooManyAttempts } from "./sign-in-throttle";
import { isCommonPassword } from "~/domain/common-passwords";
import { upstreamErrorOf } from "./upstream-failure";

/** What the public account pages (issue 13) share on the server. */

/** The password fields: never sent back to the browser. */
export const PASSWORD_FIELDS = ["password", "passwordConfirmation", "currentPassword"];

/** The server's password rules: the browser's plus the common-password list. */
export const SERVER_PASSWORD_RULES = { isCommon: isCommonPassword };

/**
 * Why the upstream refused a link's token: "invalid" (404: unknown, withdrawn), "expired" or "used" (410).
 * Null for any other answer (a fault is handled as one).
 */
export function tokenRefusal(error: unknown): TokenReason | null {
  const cause = upstreamErrorOf(error);
  if (!cause || (cause.status !== 404 && cause.status !== 410)) return null;
  const reason = TOKEN_REASONS.find((r) => r === cause.reason);
  return reason ?? (cause.status === 410 ? "expired" : "invalid");
}

/** How a page says a refused token: 404 for a link that never worked, 410 for one that no longer does. */
export function tokenStatus(reason: TokenReason): 404 | 410 {
  return reason === "invalid" ? 404 : 410;
}

/**
 * One attempt of an account form by `key` (an e-mail, a token, a user) from the request's address. Returns
 * null when it may go on, else the form's reply saying when to try again (429), the same whatever the account.
 */
export async function throttled(
  kind: AccountFormKind,
  key: string,
  context: Readonly<RouterContextProvider>,
  submission: Submission<unknown>,
) {
  const { clientAddress } = context.get(requestInfoContext);
  const wait = await accountFormAttempt(kind, key, clientAddress);
  if (wait === 0) return null;
  runtime().logger.warn({ clientAddress, kind }, "account form refused: too many attempts");
  return data(submission.reply({ formErrors: [tooManyAttempts(wait)], hideFields: PASSWORD_FIELDS }), {
    status: 429,
  });
}

/**
 * The upstream refused some fields (422 with `fields`): the form comes back with its messages at the fields
 * (`rename` maps a body field to the form's, e.g. termsAccepted → terms) and every typed value but passwords.
 * Null when the error is not such a refusal.
 */
export function refusedFields(error: unknown, submission: Submission<unknown>, rename: Record<string, string> = {}) {
  const cause = upstreamErrorOf(error);
  if (!cause || cause.status !== 422 || Object.keys(cause.fields).length === 0) return null;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, messages] of Object.entries(cause.fields)) {
    const field = rename[name] ?? name;
    if (field in (submission.payload as object)) fieldErrors[field] = messages;
    else formErrors.push(...messages);
  }
  return data(submission.reply({ fieldErrors, formErrors, hideFields: PASSWORD_FIELDS }), { status: 400 });
}

/**
 * The action of a form that asks for a link by e-mail: parse, throttle (per address and per e-mail), ask the
 * upstream (which answers 202 whatever the address), and answer `notice` with the address kept. An upstream
 * fault keeps the address too.
 */
export async function emailRequestAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: AccountFormKind,
  send: (email: string) => Promise<unknown>,
  notice: string,
) {
  const submission = parseSubmission(await formDataOf(request), { schema: emailRequestSchema });
  if (submission.status !== "success") return data({ reply: submission.reply(), notice: null }, { status: 400 });
  const refused = await throttled(kind, submission.value.email, context, submission);
  if (refused) return data({ reply: refused.data, notice: null }, { status: 429 });
  try {
    await send(submission.value.email);
  } catch (error) {
    const failure = await formFailure(error, context, submission);
    return data({ reply: failure.result, notice: null }, { status: failure.status });
  }
  return { reply: submission.reply(), notice };
}

export type LinkState<T> =
  | { state: "open"; value: T }
  | { state: "refused"; reason: TokenReason }
  /** The upstream did not answer, or not usably: the page says so inside the layout. */
  | { state: "unavailable"; message: string };

/**
 * What a link's token opens: `read` asks the upstream (a malformed token is refused without asking it).
 * A 401 or anything that is not an upstream failure is thrown.
 */
export async function readLink<T>(token: string, read: (token: string) => Promise<T>): Promise<LinkState<T>> {
  if (!isAccountToken(token)) return { state: "refused", reason: "invalid" };
  try {
    return { state: "open", value: await read(token) };
  } catch (error) {
    const reason = tokenRefusal(error);
    if (reason) return { state: "refused", reason };
    if (upstreamErrorOf(error)) return { state: "unavailable", message: UPSTREAM_UNREACHABLE };
    throw error;
  }
}

/** The HTTP status of a link's page. */
export function linkStatus(link: LinkState<unknown>): number {
  return link.state === "open" ? 200 : link.state === "unavailable" ? 503 : tokenStatus(link.reason);
}

/** What a form behind an e-mailed link (registration, activation, reset) does with its link and its form. */
export interface LinkFormSteps<T, S extends $ZodType> {
  /** The link's token (a route param). */
  token: string;
  /** What the link opens (the upstream's GET): its e-mail is what the password rules check against. */
  read: (token: string) => Promise<T>;
  schema: (opened: T) => S;
  /** The limiter's form kind and key (per address too). */
  limit: { kind: AccountFormKind; key: (opened: T) => string };
  /** The upstream's write. */
  save: (value: output<S>) => Promise<unknown>;
  /** Body fields the upstream names differently from the form's (refusedFields). */
  rename?: Record<string, string>;
  /** The answer once saved. */
  done: (opened: T) => Promise<Response>;
}

/**
 * The action of a form behind an e-mailed link: the form is read first (a hostile body is refused whatever
 * the link), then the link is read again; a link that no longer works (used, expired, used by a second send
 * meanwhile) sends the browser back to its page, which says so. Then the form's rules (passwords included),
 * the limiter, the upstream's write, its field refusals at the fields; an upstream fault keeps what was typed.
 */
export async function linkFormAction<T, S extends $ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  steps: LinkFormSteps<T, S>,
) {
  const form = actionForm(request, context, { hideFields: PASSWORD_FIELDS });
  const backToLink = () => redirect(new URL(request.url).pathname);
  return form.answer(async () => {
    await form.read();
    const link = await readLink(steps.token, steps.read);
    if (link.state !== "open") return backToLink();
    const submission = await form.parse(steps.schema(link.value));
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
    }
    const refused = await throttled(steps.limit.kind, steps.limit.key(link.value), context, submission);
    if (refused) return refused;
    try {
      await steps.save(submission.value as output<S>);
    } catch (error) {
      if (tokenRefusal(error)) return backToLink();
      const fields = refusedFields(error, submission, steps.rename);
      if (fields) return fields;
      throw error;
    }
    return steps.done(link.value);
  });
}
