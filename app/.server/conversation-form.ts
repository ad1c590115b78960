import { randomUUID } from "node:crypto";
import { type RouterContextProvider, data } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { ticketEntries, ticketReplySchema } from "~/domain/tickets";
import { type Toast, successToast } from "~/domain/toast";
import { actionForm } from "./form-failure";
import { loadWithViewer, requireViewer } from "./guards";
import { redirectWithToast } from "./toast";
import type { LoadedViewer } from "./viewer";
import { parseUploadForm } from "./upload";

/*
 * The owner's forms of a conversation, whatever its kind (a ticket, a feedback conversation: one model, see
 * upstream/schemas/conversations.ts): starting one, and replying to one (or closing it, where its kind allows).
 */

type Context = Readonly<RouterContextProvider>;

/**
 * The page of a form that starts a conversation (Contact Support, a new feedback conversation): the
 * categories to choose from, and a fresh idempotency key, so that sending the form twice starts it once.
 */
export async function loadConversationForm(
  request: Request,
  context: Context,
  categories: (token: string) => Promise<readonly string[]>,
) {
  const [, list] = await loadWithViewer(request, context, categories);
  return { categories: list, idempotencyKey: randomUUID() };
}

/**
 * The action of such a form: the fields checked against the categories (400 at the fields, the attachment
 * not echoed), then `start` with the form's multipart entries and its idempotency key, then `done`. An
 * upstream fault keeps the form (decision 010).
 */
export async function startConversationAction<Started>(
  request: Request,
  context: Context,
  options: {
    schema: (categories: readonly string[]) => $ZodType;
    categories: (token: string) => Promise<readonly string[]>;
    /** Fields the schema does not have, sent as well (a ticket's kind). */
    extra?: Record<string, string>;
    start: (token: string, entries: Array<[string, string | Blob]>, idempotencyKey: string) => Promise<Started>;
    done: (started: Started, viewer: LoadedViewer) => Response | Promise<Response>;
  },
) {
  const form = actionForm(request, context, { read: parseUploadForm, schema: options.schema([]) });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    const formData = await form.read();
    const parsed = await form.parse(options.schema(await options.categories(viewer.token)));
    if (parsed.status !== "success") return data(parsed.reply({ hideFields: ["attachment"] }), { status: 400 });
    const fields = parsed.value as Record<string, string | File | undefined>;
    const started = await options.start(
      viewer.token,
      ticketEntries({ ...options.extra, ...fields }),
      String(formData.get("idempotencyKey") || randomUUID()),
    );
    return options.done(started, viewer);
  });
}

/**
 * The reply under a conversation (and its close button, where the kind has one): the reply and an optional
 * attachment, multipart. `id` reads which conversation the form answers (null: none, answered by `invalid`);
 * who may reply or close is the upstream's decision (its 404 is the 404 page, a refusal or a fault is shown at the
 * form with the reply kept). After it, back to `back` with a toast.
 */
export async function conversationReplyAction(
  request: Request,
  context: Context,
  options: {
    id: (formData: FormData) => number | null;
    /** What is thrown when `id` finds none (a 404, a redirect). */
    invalid: () => unknown;
    reply: (token: string, id: number, entries: Array<[string, string | Blob]>) => Promise<unknown>;
    /** The kind's close (intent=close), and its toast. */
    close?: { run: (token: string, id: number) => Promise<unknown>; toast: Toast };
    back: string;
  },
) {
  const form = actionForm(request, context, { read: parseUploadForm, schema: ticketReplySchema });
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      const formData = await form.read();
      const id = options.id(formData);
      if (id === null) throw options.invalid();
      if (options.close && formData.get("intent") === "close") {
        await options.close.run(viewer.token, id);
        return redirectWithToast(options.back, [options.close.toast]);
      }
      const parsed = await form.parse(ticketReplySchema);
      if (parsed.status !== "success")
        return data({ result: parsed.reply({ hideFields: ["attachment"] }) }, { status: 400 });
      await options.reply(viewer.token, id, ticketEntries(parsed.value));
      return redirectWithToast(options.back, [successToast("Reply sent")]);
    },
    ({ result, status }) => data({ result }, { status }),
  );
}
