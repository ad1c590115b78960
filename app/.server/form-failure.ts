import { type Submission, type SubmissionResult, parse } from "@conform-to/react";
import { type RouterContextProvider, data } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { STALE_REASON, STALE_RECORD_NOTICE, VERSION_FIELD } from "~/domain/record-version";
import { FILES_KEPT_FIELD } from "~/domain/uploads";
import { definedFields, formDataOf, parseSubmission, withoutConformFields } from "./forms";
import { sessionOf } from "./guards";
import { endSessionResponse, endsSession, upstreamErrorOf } from "./upstream-failure";

/** What a form says when the upstream refused the connection, reset it or did not answer in time. */
export const SERVICE_NOT_ANSWERING = "The service is not answering. Your entries are kept; try again.";

/** A browser cannot be given a chosen file back: the user must choose it again. */
export function chooseFilesAgain(names: string[]): string {
  const list = names.join(", ");
  return names.length === 1
    ? `The file you chose (${list}) was not kept: choose it again before sending.`
    : `The files you chose (${list}) were not kept: choose them again before sending.`;
}

export interface FormFailure {
  /**
   * 503 when the upstream did not answer (refused, reset, timed out); 502 when it answered with a server
   * error or with something the portal cannot use; 409 when it refused a decision taken on a record that changed
   * since the page showed it (its 409 with reason "stale", app/domain/record-version.ts: the page draws the record
   * again); 400 when it refused the form (its other 4xx).
   */
  status: 400 | 409 | 502 | 503;
  /** The upstream's messages, or SERVICE_NOT_ANSWERING: what a toast would say. */
  messages: string[];
  /** The form's conform reply: every typed value but hideFields and files; `messages` and, when files
   *  were chosen, the note to choose them again, as form errors. */
  result: SubmissionResult<string[]>;
}

type Context = Readonly<RouterContextProvider>;

export interface FailureOptions {
  hideFields?: string[];
  /** The form's schema, for a failure that came before the form was parsed (its field names suffice). */
  schema?: $ZodType;
}

/** The form that failed: its submission, its FormData, or how to read it. */
export type FormOf = Submission<unknown> | FormData | (() => Promise<FormData>);

/** The names of the files a submission carried (the upload parser leaves out inputs left empty). */
function chosenFiles(payload: unknown, path = "", found: Array<{ field: string; name: string }> = []) {
  if (payload instanceof File) {
    if (payload.name !== "") found.push({ field: path, name: payload.name });
  } else if (Array.isArray(payload)) {
    payload.forEach((item, index) => chosenFiles(item, `${path}[${index}]`, found));
  } else if (payload !== null && typeof payload === "object") {
    for (const [key, value] of Object.entries(payload)) chosenFiles(value, path ? `${path}.${key}` : key, found);
  }
  return found;
}

/**
 * For an action's catch around its upstream calls (requireViewer included): what the form answers.
 *
 * - a 401 ends the session exactly as everywhere else (thrown: redirect to `/` with 'Unauthorized Request');
 * - an upstream fault, at any call, gives the same form back: every typed value (but `hideFields`, e.g.
 *   passwords, and files), the upstream's messages or SERVICE_NOT_ANSWERING, and when files were chosen
 *   in a plain form post (no FilesKeptMarker: the browser drew a new page) a note to choose them again;
 * - anything else is rethrown.
 *
 * `form` is the parsed submission; the request's FormData when the failure came before it was parsed; or a
 * function reading it, when the failure came before the body was read (it is read only for a fault).
 */
export async function formFailure(
  error: unknown,
  context: Context,
  form: FormOf,
  options: FailureOptions = {},
): Promise<FormFailure> {
  const { session, forgetViewerFailure } = sessionOf(context);
  if (endsSession(error)) throw await endSessionResponse(session);
  const cause = upstreamErrorOf(error);
  if (!cause) throw error;

  // The page drawn under the form (a plain POST renders it) may ask the upstream again.
  forgetViewerFailure?.();
  const read = typeof form === "function" ? await form() : form;
  // Not parsed yet: only the fields the form defines come back (never an unknown field echoed).
  const fields =
    read instanceof FormData
      ? options.schema
        ? definedFields(read, options.schema)
        : withoutConformFields(read)
      : read;
  const submission =
    fields instanceof FormData ? parse<unknown, string[]>(fields, { resolve: () => ({ error: {} }) }) : fields;
  const files = chosenFiles(submission.payload);
  // Sent by JavaScript (FilesKeptMarker), the page stays and so do the files chosen in it.
  const filesLost = files.length > 0 && submission.payload[FILES_KEPT_FIELD] !== "1";
  const stale = cause.status === 409 && cause.reason === STALE_REASON;
  const messages = cause.unanswered ? [SERVICE_NOT_ANSWERING] : stale ? [STALE_RECORD_NOTICE] : cause.messages;
  // The upstream refused named fields (a 422's `fields`): each message at its field of this form, the rest above it.
  const fieldErrors: Record<string, string[]> = {};
  let unplaced = messages;
  if (cause.status === 422 && Object.keys(cause.fields).length > 0) {
    const payload = submission.payload as Record<string, unknown>;
    const placed = new Set<string>();
    for (const [name, fieldMessages] of Object.entries(cause.fields)) {
      if (!(name in payload)) continue;
      fieldErrors[name] = fieldMessages;
      fieldMessages.forEach((m) => placed.add(m));
    }
    const rest = Object.entries(cause.fields)
      .filter(([name]) => !(name in payload))
      .flatMap(([, m]) => m);
    unplaced = Object.keys(fieldErrors).length > 0 ? rest.filter((m) => !placed.has(m)) : messages;
  }
  const formErrors = filesLost ? [...unplaced, chooseFilesAgain(files.map((f) => f.name))] : unplaced;
  const status = cause.unanswered ? 503 : cause.kind === "contract" || cause.status >= 500 ? 502 : stale ? 409 : 400;
  // The version a stale send carried is never given back: the form takes the version of the record drawn again.
  const hideFields = [
    ...(options.hideFields ?? []),
    ...files.map((f) => f.field),
    FILES_KEPT_FIELD,
    ...(stale ? [VERSION_FIELD] : []),
  ];
  return { status, messages, result: submission.reply({ formErrors, fieldErrors, hideFields }) };
}

/** formFailure answered as the action's data: `data(result, { status })`, for forms whose lastResult is the action data. */
export async function formFailureData(error: unknown, context: Context, form: FormOf, options: FailureOptions = {}) {
  const { result, status } = await formFailure(error, context, form, options);
  return data(result, { status });
}

export interface ActionFormOptions extends FailureOptions {
  /** How the request's form is read: formDataOf (the default) or parseUploadForm. */
  read?: (request: Request) => Promise<FormData>;
}

/**
 * An action's form, read at most once and parsed with parseSubmission, so that an upstream failure at
 * any step of the action (the viewer's calls included, even before the body was read) answers with what
 * was typed: `answer` runs the steps and hands a failure to formFailure with the submission once parsed,
 * the FormData once read, or the means to read it.
 */
export class ActionForm {
  private form: Promise<FormData> | undefined;
  private submission: Submission<unknown> | undefined;
  private readonly hideFields: string[];

  constructor(
    private readonly request: Request,
    private readonly context: Context,
    private readonly options: ActionFormOptions = {},
  ) {
    this.hideFields = [...(options.hideFields ?? [])];
  }

  /** The request's form data, read once. */
  async read(): Promise<FormData> {
    this.form ??= (this.options.read ?? formDataOf)(this.request);
    return this.form;
  }

  /** The form parsed with `schema` (parseSubmission); a later failure answers with this submission. */
  async parse<S extends $ZodType>(schema: S) {
    const submission = parseSubmission(await this.read(), { schema });
    this.submission = submission;
    return submission;
  }

  /** Fields that never come back in the page, whatever failed (passwords, tax ids, file inputs). */
  hide(...fields: string[]): void {
    this.hideFields.push(...fields);
  }

  get hidden(): readonly string[] {
    return this.hideFields;
  }

  /** formFailure for this form (a 401 and anything that is not an upstream failure are thrown). */
  async failure(error: unknown): Promise<FormFailure> {
    // A form that could not be read is not given back (formFailure reads it again and meets the same refusal).
    const read = this.form ? await this.form.catch(() => undefined) : undefined;
    const form = this.submission ?? read ?? (async () => this.read());
    return formFailure(error, this.context, form, { schema: this.options.schema, hideFields: this.hideFields });
  }

  /** Runs the action's steps; an upstream failure is answered by `onFailure` (by default the form's reply as data). */
  answer<T>(steps: () => Promise<T>): Promise<T | ReturnType<typeof data<SubmissionResult<string[]>>>>;
  answer<T, F>(steps: () => Promise<T>, onFailure: (failure: FormFailure) => F | Promise<F>): Promise<T | F>;
  async answer<T, F>(steps: () => Promise<T>, onFailure?: (failure: FormFailure) => F | Promise<F>) {
    try {
      return await steps();
    } catch (error) {
      const failure = await this.failure(error);
      return onFailure ? onFailure(failure) : data(failure.result, { status: failure.status });
    }
  }
}

/** The action's form (see ActionForm). */
export function actionForm(request: Request, context: Context, options: ActionFormOptions = {}): ActionForm {
  return new ActionForm(request, context, options);
}
