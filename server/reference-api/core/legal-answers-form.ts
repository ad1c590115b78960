/**
 * PUT /api/profile/legal_answers: reading the multipart body (web-standard Request.formData(), undici)
 * and its Rails nested-attributes fields `user[legalAnswersAttributes][][field]` into entries.
 */
import type { Request } from "express";
import { formTextProblem } from "./text-rules.ts";

/** One submitted answer, as sent (strings), before validation. */
export interface RawLegalAnswerEntry {
  /** 1-based position in the request, for messages. */
  position: number;
  id?: string;
  legalQuestionId?: string;
  hasOccurred?: string;
  actionOn?: string;
  action?: string;
  reason?: string;
  explanation?: string;
  file?: File;
  removeFile?: string;
  _destroy?: string;
}

type TextField = Exclude<keyof RawLegalAnswerEntry, "position" | "file">;
const TEXT_FIELDS: ReadonlySet<string> = new Set<TextField>([
  "id",
  "legalQuestionId",
  "hasOccurred",
  "actionOn",
  "action",
  "reason",
  "explanation",
  "removeFile",
  "_destroy",
]);

/** An error answered as `{ error }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FIELD = /^user\[legalAnswersAttributes\]\[(\d*)\]\[([A-Za-z_]+)\]$/;

/**
 * Reads a multipart/form-data (or urlencoded) body, refusing more than `maxBytes` in total with 413
 * (and any other content type with 415 "Send <what> as multipart/form-data").
 * Express has no multipart parser; Node's fetch implementation (undici) parses it from the request stream.
 */
export async function readFormData(req: Request, maxBytes: number, what = "the legal answers"): Promise<FormData> {
  const contentType = req.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
    throw new HttpError(415, `Send ${what} as multipart/form-data`);
  }
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, "The request body is too large");

  let received = 0;
  let tooLarge = false;
  async function* limited(): AsyncGenerator<Uint8Array> {
    for await (const chunk of req as AsyncIterable<Uint8Array>) {
      received += chunk.byteLength;
      if (received > maxBytes) {
        tooLarge = true;
        throw new Error("request body too large");
      }
      yield chunk;
    }
  }
  const webRequest = new globalThis.Request(`http://reference-api.invalid${req.originalUrl}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: limited() as unknown as BodyInit,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  try {
    return await webRequest.formData();
  } catch {
    if (tooLarge) throw new HttpError(413, "The request body is too large");
    throw new HttpError(400, "Invalid multipart/form-data body");
  }
}

/**
 * Groups the `user[legalAnswersAttributes][][field]` fields into entries, in order. As in Rails, a new
 * entry begins when a field name repeats within the current one. Indexed names
 * (`user[legalAnswersAttributes][0][field]`) are grouped by their index. Other fields are ignored;
 * an unknown field inside the nested attributes is refused.
 */
export function legalAnswerEntries(form: FormData): RawLegalAnswerEntry[] {
  const entries: RawLegalAnswerEntry[] = [];
  const byIndex = new Map<string, RawLegalAnswerEntry>();
  let current: RawLegalAnswerEntry | undefined;
  const start = () => {
    const entry: RawLegalAnswerEntry = { position: entries.length + 1 };
    entries.push(entry);
    return entry;
  };

  for (const [name, value] of form.entries()) {
    const match = FIELD.exec(name);
    if (!match) continue;
    const [, index, field] = match as unknown as [string, string, string];
    if (field !== "file" && !TEXT_FIELDS.has(field)) throw new HttpError(422, `Unknown field ${name}`);

    let entry: RawLegalAnswerEntry;
    if (index === "") {
      if (!current || field in current) current = start();
      entry = current;
    } else {
      entry = byIndex.get(index) ?? start();
      byIndex.set(index, entry);
      if (field in entry) throw new HttpError(422, `The field ${name} is sent twice`);
    }

    if (field === "file") {
      if (typeof value === "string" && value !== "") throw new HttpError(422, `${name} must be a file`);
      // An empty string or a file input left empty (no name, no bytes) means no file; the field still
      // counts as sent, so a repeated file field starts a new entry.
      entry.file = typeof value === "string" || (value.size === 0 && value.name === "") ? undefined : value;
    } else {
      if (typeof value !== "string") throw new HttpError(422, `${name} must be a text field, not a file`);
      const problem = formTextProblem(name, value);
      if (problem) throw new HttpError(422, problem);
      entry[field as TextField] = value;
    }
  }
  return entries;
}
