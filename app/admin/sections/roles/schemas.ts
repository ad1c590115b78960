/** The roles section's form schemas, zod mini (issue 14, ADR 015/024): the browser and the server check with them. */
import * as z from "zod/mini";
import { checkbox, optionalDescription } from "~/domain/admin/forms";
import { singleLine } from "~/domain/validation";
import { ROLES } from "~/domain/user";

export const roleSchema = z.object({
  name: singleLine("Enter the role's name").check(z.maxLength(80, { error: "At most 80 characters" })),
  kind: z.enum(ROLES, { error: "Choose what the role's users are" }),
  description: optionalDescription,
  roleHasOnboardingProcess: checkbox,
  roleHasShowAchInfo: checkbox,
  roleHasOptoutProcess: checkbox,
  roleRequiresSsnOrTin: checkbox,
});
