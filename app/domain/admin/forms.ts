/**
 * The admin area's shared form schemas and their parts (issue 14), zod mini (each section's own are in its
 * folder, app/admin/sections/<key>/schemas.ts): the browser validates with them (conform) and the
 * portal's server parses with the same ones before the upstream is asked; the upstream checks again (schemas/admin.ts)
 * and may refuse at a field (an e-mail taken, a code in use), which the form shows at that field. Values come from
 * form fields (strings; a checkbox sends "on"); each schema's output is the upstream body. Pure: no I/O.
 */
import * as z from "zod/mini";
import { invalid, noControlCharacters, parseUsDate, required } from "../validation";
import type { ComplianceDocumentKind } from "../compliance-documents";
import { DENY_NEEDS_NOTE } from "./labels";
import { recordVersion } from "../record-version";

/** A checkbox: "on" (or "true") when checked. */
export const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => v === "on" || v === "true"),
);

/** A trimmed optional text: "" → null. */
export function optionalText(max: number, message: string) {
  return z.pipe(
    z.optional(
      z.string().check(z.trim(), z.maxLength(max, { error: message }), noControlCharacters({ multiline: true })),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  );
}

/** One of `ids` (a select's value) as a number; `message` when missing. */
export function requiredId(message: string) {
  return z.pipe(
    required(message).check(z.refine((v) => /^\d{1,9}$/.test(v), message)),
    z.transform((v: string) => Number(v)),
  );
}

export function optionalId(message: string) {
  return z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => /^(\d{1,9})?$/.test(v), message),
      ),
    ),
    z.transform((v: string | undefined) => (v ? Number(v) : null)),
  );
}

/* ---- Shared by the sections' forms (each section's own schemas: app/admin/sections/<key>/schemas.ts) ---- */

/** A role's or an RTS status's description: optional, several lines, at most 500 characters; "" when left out. */
export const optionalDescription = z.pipe(
  z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(500, { error: "At most 500 characters" }), noControlCharacters({ multiline: true })),
  ),
  z.transform((v: string | undefined) => v ?? ""),
);

/* ---- Contract requests ---- */

/** One request's move: the state, the notes; active needs the writing number and the effective date. */
export const transitionSchema = z
  .object({
    /** The request's version the page showed (issue 35 §2: moved since, the upstream refuses, 409). */
    version: recordVersion,
    state: z.enum(["pending", "approved", "denied", "active"], { error: "Choose the new state" }),
    publicNote: optionalText(1000, "At most 1,000 characters"),
    internalNote: optionalText(1000, "At most 1,000 characters"),
    writingNumber: optionalText(40, "At most 40 characters"),
    effectiveDate: z.pipe(
      z.optional(z.string().check(z.trim())),
      z.transform((v: string | undefined, ctx) => {
        if (!v) return null;
        const iso = parseUsDate(v);
        if (!iso) {
          ctx.issues.push({ code: "custom", message: "Enter the date as MM/DD/YYYY", input: v });
          return z.NEVER;
        }
        return iso;
      }),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.state === "denied" && !value.publicNote)
        ctx.issues.push({ code: "custom", path: ["publicNote"], message: DENY_NEEDS_NOTE, input: value.publicNote });
      if (value.state === "active") {
        if (!value.writingNumber)
          ctx.issues.push({
            code: "custom",
            path: ["writingNumber"],
            message: "Enter the carrier's writing number",
            input: value.writingNumber,
          });
        if (!value.effectiveDate)
          ctx.issues.push({
            code: "custom",
            path: ["effectiveDate"],
            message: "Enter the effective date (MM/DD/YYYY)",
            input: value.effectiveDate,
          });
      }
    }),
  );

/** The rows a bulk action was confirmed for (hidden `id` fields): distinct positive ids, at least one. */
export const chosenIds = z.pipe(
  z.union([z.string(), z.array(z.string())], { error: "Choose at least one row" }),
  z.transform((v: string | string[], ctx) => {
    const ids = [...new Set((Array.isArray(v) ? v : [v]).filter((s) => /^\d{1,9}$/.test(s)).map(Number))].filter(
      (n) => n > 0,
    );
    return ids.length ? ids : invalid(ctx, "Choose at least one row");
  }),
);

/** A bulk action without more fields (disable users, delete roles). */
export const bulkIdsSchema = z.object({ id: chosenIds });

export const newContractRequestSchema = z.object({
  carrierProductId: requiredId("Choose a carrier product"),
  internalNote: optionalText(1000, "At most 1,000 characters"),
});

/* ---- Brokers ---- */

/**
 * The documents a reviewer decides on: the compliance documents' kinds, written here (checked against them by the
 * type) so that the browser's form does not pull the profile's module into a chunk of its own.
 */
const REVIEWED_KINDS = [
  "eo",
  "w9",
  "aml",
  "ahip",
  "direct_deposit",
] as const satisfies readonly ComplianceDocumentKind[];

export const brokerNoteSchema = z.object({
  body: required("Write the note").check(z.maxLength(2000, { error: "At most 2,000 characters" })),
});

export const documentReviewSchema = z
  .object({
    kind: z.enum(REVIEWED_KINDS, { error: "Choose a document" }),
    decision: z.enum(["approve", "reject"], { error: "Choose approve or reject" }),
    note: optionalText(1000, "At most 1,000 characters"),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.decision === "reject" && !value.note)
        ctx.issues.push({
          code: "custom",
          path: ["note"],
          message: "Write what the agent must fix: they will see this note",
          input: value.note,
        });
    }),
  );
