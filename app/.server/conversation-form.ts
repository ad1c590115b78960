import { randomUUID } from "node:crypto";
import { type RouterContextProvider, data } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { ticketEntries } from "~/domain/tickets";
import { actionForm } from "./form-failure";
import { loadWithViewer, requireViewer } from "./guards";
import type { LoadedViewer } from "./viewer";
import { parseUploadForm } from "./upload";

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
export function startConversationAction<Started>(
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
