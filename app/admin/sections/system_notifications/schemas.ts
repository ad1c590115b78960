/**
 * The system notifications section's form schema, zod mini (issue 22 §2.3, ADR 015/024): the browser and the server
 * check with it; the server half (section.server.ts) turns its output into the upstream's body.
 */
import * as z from "zod/mini";
import { checkbox, optionalId } from "~/domain/admin/forms";
import { noControlCharacters, parseUsDate, required, singleLine } from "~/domain/validation";
import { ROLES } from "~/domain/user";
import { NOTICE_AUDIENCES, NOTICE_SEVERITIES } from "./records";

/** A day typed as MM/DD/YYYY, as ISO YYYY-MM-DD; blank → null. */
const optionalDay = z.pipe(
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
);

export const CHOOSE_A_ROLE = "Choose at least one role";
export const CHOOSE_THE_AGENCY = "Choose the agency";
export const LAST_DAY_BEFORE_FIRST = "The last day comes before the first";

export const noticeSchema = z
  .object({
    title: singleLine("Enter the title").check(z.maxLength(120, { error: "At most 120 characters" })),
    message: required("Enter the message").check(
      z.maxLength(2000, { error: "At most 2,000 characters" }),
      noControlCharacters({ multiline: true }),
    ),
    severity: z.enum(NOTICE_SEVERITIES, { error: "Choose the severity" }),
    audience: z.enum(NOTICE_AUDIENCES, { error: "Choose who sees it" }),
    roleAgent: checkbox,
    roleAgency: checkbox,
    roleAdmin: checkbox,
    roleCarrier: checkbox,
    agencyId: optionalId("Choose an agency from the list"),
    startsOn: optionalDay,
    endsOn: optionalDay,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.audience === "roles" && !ROLES.some((r) => v[`role${r}`]))
        ctx.issues.push({ code: "custom", path: ["roleAgent"], message: CHOOSE_A_ROLE, input: false });
      if (v.audience === "agency" && v.agencyId === null)
        ctx.issues.push({ code: "custom", path: ["agencyId"], message: CHOOSE_THE_AGENCY, input: null });
      if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
        ctx.issues.push({ code: "custom", path: ["endsOn"], message: LAST_DAY_BEFORE_FIRST, input: v.endsOn });
    }),
  );
export type NoticeFormValue = z.output<typeof noticeSchema>;
