/**
 * The admin sections' form schemas (issue 14), zod mini: the browser validates with them (conform) and the
 * portal's server parses with the same ones before the upstream is asked; the upstream checks again (schemas/admin.ts)
 * and may refuse at a field (an e-mail taken, a code in use), which the form shows at that field. Values come from
 * form fields (strings; a checkbox sends "on"); each schema's output is the upstream body. Pure: no I/O.
 */
import * as z from "zod/mini";
import { digitsOf, isValidPhone } from "../masked-values";
import { invalid, noControlCharacters, parseUsDate, required, singleLine } from "../validation";
import type { ComplianceDocumentKind } from "../compliance-documents";
import { RTS_TONES } from "../rts";
import { ROLES } from "../user";
import { DENY_NEEDS_NOTE } from "./labels";

const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => v === "on" || v === "true"),
);

/** A trimmed optional text: "" → null. */
function optionalText(max: number, message: string) {
  return z.pipe(
    z.optional(
      z.string().check(z.trim(), z.maxLength(max, { error: message }), noControlCharacters({ multiline: true })),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  );
}

/** One of `ids` (a select's value) as a number; `message` when missing. */
function requiredId(message: string) {
  return z.pipe(
    required(message).check(z.refine((v) => /^\d{1,9}$/.test(v), message)),
    z.transform((v: string) => Number(v)),
  );
}

function optionalId(message: string) {
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

/* ---- Users ---- */

const userFields = {
  firstName: singleLine("Enter the first name").check(z.maxLength(80, { error: "At most 80 characters" })),
  lastName: singleLine("Enter the last name").check(z.maxLength(80, { error: "At most 80 characters" })),
  email: required("Enter the e-mail address").check(
    z.maxLength(254, { error: "At most 254 characters" }),
    z.email({ error: "Enter a valid e-mail address" }),
  ),
  phone: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => v === "" || isValidPhone(v), "Enter a 10-digit phone number (an extension may follow)"),
      ),
    ),
    z.transform((v: string | undefined) => (v ? digitsOf(v) : null)),
  ),
  npnNumber: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => /^(\d{1,10})?$/.test(v), "An NPN is up to 10 digits"),
      ),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  ),
  roleId: requiredId("Choose a role"),
  agencyId: optionalId("Choose an agency from the list"),
  sunfireAccess: checkbox,
  loa: checkbox,
  skipOnboardingWithContracts: checkbox,
};

/** users/new: the account is created pending and e-mailed an activation link. */
export const newUserSchema = z.object(userFields);

/** users/:id/edit: the same fields and the status (active or disabled; pending/unverified stay as they are). */
export const editUserSchema = z.object({
  ...userFields,
  status: z.optional(z.enum(["active", "disabled", "pending", "unverified"], { error: "Choose a status" })),
});

/* ---- Roles ---- */

/** A role's or an RTS status's description: optional, several lines, at most 500 characters; "" when left out. */
const optionalDescription = z.pipe(
  z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(500, { error: "At most 500 characters" }), noControlCharacters({ multiline: true })),
  ),
  z.transform((v: string | undefined) => v ?? ""),
);

export const roleSchema = z.object({
  name: singleLine("Enter the role's name").check(z.maxLength(80, { error: "At most 80 characters" })),
  kind: z.enum(ROLES, { error: "Choose what the role's users are" }),
  description: optionalDescription,
  roleHasOnboardingProcess: checkbox,
  roleHasShowAchInfo: checkbox,
  roleHasOptoutProcess: checkbox,
  roleRequiresSsnOrTin: checkbox,
});

/* ---- RTS statuses ---- */

export const rtsStatusSchema = z.object({
  statusCode: z.pipe(
    required("Enter the status code").check(
      z.refine((v) => /^[A-Za-z0-9_]{1,16}$/.test(v), "Up to 16 letters, digits or _ (stored in capitals)"),
    ),
    z.transform((v: string) => v.toUpperCase()),
  ),
  statusTitle: singleLine("Enter the title").check(z.maxLength(80, { error: "At most 80 characters" })),
  displayStatus: singleLine("Enter the badge text").check(z.maxLength(40, { error: "At most 40 characters" })),
  tone: z.enum(RTS_TONES, { error: "Choose the badge's color" }),
  description: optionalDescription,
  carrierId: optionalId("Choose a carrier from the list"),
});

/* ---- Contract requests ---- */

/** One request's move: the state, the notes; active needs the writing number and the effective date. */
export const transitionSchema = z
  .object({
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
const chosenIds = z.pipe(
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

/** Users' bulk role change: the chosen ids (hidden fields) and the role they all get. */
export const bulkRoleSchema = z.object({ id: chosenIds, roleId: requiredId("Choose the new role") });

/** The desk's bulk move: the chosen ids (hidden fields), the state (not active: each needs its writing number). */
export const bulkTransitionSchema = z
  .object({
    id: chosenIds,
    state: z.enum(["approved", "denied", "pending"], { error: "Choose the new state" }),
    publicNote: optionalText(1000, "At most 1,000 characters"),
    internalNote: optionalText(1000, "At most 1,000 characters"),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.state === "denied" && !value.publicNote)
        ctx.issues.push({ code: "custom", path: ["publicNote"], message: DENY_NEEDS_NOTE, input: value.publicNote });
    }),
  );

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
          message: "Write what the broker must fix: they will see this note",
          input: value.note,
        });
    }),
  );
