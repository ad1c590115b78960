/** The users section's form schemas, zod mini (issue 14, ADR 015/024): the browser and the server check with them. */
import * as z from "zod/mini";
import { digitsOf, isValidPhone } from "~/domain/masked-values";
import { checkbox, chosenIds, optionalId, requiredId } from "~/domain/admin/forms";
import { required, singleLine } from "~/domain/validation";

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

/** Users' bulk role change: the chosen ids (hidden fields) and the role they all get. */
export const bulkRoleSchema = z.object({ id: chosenIds, roleId: requiredId("Choose the new role") });
