/**
 * The quote tool providers section's form schema, zod mini (issue 22 §2.4, ADR 015/024): the browser and the server
 * check with it; the server half (section.server.ts) turns its output into the upstream's body. The secret is
 * optional: left empty, the current one is kept.
 */
import * as z from "zod/mini";
import { checkbox } from "~/domain/admin/forms";
import { noControlCharacters, required, singleLine } from "~/domain/validation";
import { isProviderAddress } from "./records";

export const ADDRESS_TEXT = "Enter an https:// address, or a path on the upstream such as /partners/sunfire/sign_on";

const address = required("Enter the sign-on address").check(
  z.maxLength(500, { error: "At most 500 characters" }),
  z.refine(isProviderAddress, ADDRESS_TEXT),
);

export const providerSchema = z.object({
  name: singleLine("Enter the provider's name").check(z.maxLength(80, { error: "At most 80 characters" })),
  signOnUrl: address,
  testSiteUrl: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(500, { error: "At most 500 characters" }),
        z.refine((v) => v === "" || isProviderAddress(v), ADDRESS_TEXT),
      ),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  ),
  roleAgent: checkbox,
  roleAgency: checkbox,
  roleAdmin: checkbox,
  roleCarrier: checkbox,
  enabled: checkbox,
  secret: z.pipe(
    z.optional(
      z.string().check(
        z.refine((v) => v === "" || v.length >= 8, "At least 8 characters"),
        z.maxLength(500, { error: "At most 500 characters" }),
        noControlCharacters(),
      ),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  ),
});
export type ProviderFormValue = z.output<typeof providerSchema>;
