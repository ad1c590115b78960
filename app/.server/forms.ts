import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { FILES_KEPT_FIELD } from "../domain/uploads";
import { readForm } from "./form-limits";

export { UNREADABLE_FORM } from "./form-limits";

/**
 * The request's form data (a form without uploads), read within FORM_LIMITS before anything builds on
 * it: the server caps the body's bytes as they arrive (server/body-limits.ts); the reader caps fields and
 * the shape of their names, so that no `x[4294967294]` or a name nested thousands deep reaches the form
 * library. A body that is not a form is a clear 400, not a crash; files sent to it are dropped.
 */
export async function formDataOf(request: Request): Promise<FormData> {
  return readForm(request, { files: false });
}

type Def = { type: string; in?: $ZodType; out?: $ZodType };
const defOf = (schema: $ZodType) => schema._zod.def as Def;

/**
 * The schema whose shape names the fields: a root `.transform()` or `.pipe()` (conform's constraint walk
 * refuses a transform at the root) is looked through to the object it starts from.
 */
function formShape(schema: $ZodType): $ZodType {
  let current = schema;
  for (let def = defOf(current); def.type === "pipe" || def.type === "transform"; def = defOf(current)) {
    if (def.type === "transform" || !def.in || !def.out) break;
    current = defOf(def.out).type === "transform" ? def.in : defOf(def.in).type === "object" ? def.in : def.out;
  }
  return current;
}

const constraintCache = new WeakMap<$ZodType, Set<string>>();

/** The field paths a schema defines, indexes written `[]` (`answers[].field`), from conform's own walk. */
export function fieldPathsOf(schema: $ZodType): Set<string> {
  let paths = constraintCache.get(schema);
  if (!paths) {
    paths = new Set(Object.keys(getZodConstraint(formShape(schema))));
    constraintCache.set(schema, paths);
  }
  return paths;
}

/**
 * Only the fields the form defines, in their defined shape: `date[0]` or `date.x` where `date` is a
 * string is dropped (so a wrong shape becomes the field's own "required" error, never a crash while
 * rendering), and nothing the form does not define is echoed back to the page. conform's own
 * `__intent__`/`__state__` are dropped too: no form of the portal submits list intents to the server, and
 * conform would JSON-parse them and build lists from their names unchecked.
 */
export function definedFields(form: FormData, schema: $ZodType): FormData {
  const paths = fieldPathsOf(schema);
  const kept = new FormData();
  for (const [name, value] of form.entries()) {
    // FILES_KEPT_FIELD: a form sent by JavaScript kept its chosen files (formFailure reads it).
    if (name === FILES_KEPT_FIELD || paths.has(name.replace(/\[\d+\]/g, "[]"))) kept.append(name, value);
  }
  return kept;
}

/** The form without conform's own `__intent__`/`__state__` (which conform would parse unchecked). */
export function withoutConformFields(form: FormData): FormData {
  const kept = new FormData();
  for (const [name, value] of form.entries()) if (!name.startsWith("__")) kept.append(name, value);
  return kept;
}

/**
 * The form layer's server side: conform's `parseWithZod` over the fields the schema defines only.
 * Every action parses its form with this (and replies with `submission.reply()`), so a page never echoes
 * a field its form does not have.
 */
export function parseSubmission<S extends $ZodType>(form: FormData, options: { schema: S }) {
  return parseWithZod(definedFields(form, options.schema), options);
}
