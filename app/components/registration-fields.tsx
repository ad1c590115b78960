import { Anchor, SimpleGrid } from "@mantine/core";
import { CheckboxField } from "./forms/checkbox-field";
import type { Field } from "./forms/field";
import { MaskedField } from "./forms/masked-field";
import { NewPasswordFields } from "./forms/new-password-fields";
import { TextField } from "./forms/text-fields";

/** The fields both registrations ask for (issue 13): name, NPN, phone, password twice, the privacy policy. */
export function RegistrationFields({
  fields,
  email,
  emailInputId,
}: {
  fields: Record<"firstName" | "lastName" | "npn" | "phone" | "password" | "passwordConfirmation" | "terms", Field>;
  email?: string;
  emailInputId?: string;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
      </SimpleGrid>
      <TextField
        field={fields.npn}
        label="NPN"
        description="Your National Producer Number, as the national producer registry lists it."
        inputMode="numeric"
        autoComplete="off"
      />
      <MaskedField field={fields.phone} mask="phone" label="Phone" autoComplete="tel-national" />
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.passwordConfirmation}
        email={email}
        emailInputId={emailInputId}
        label="Password"
      />
      <CheckboxField
        field={fields.terms}
        label={
          <>
            I have read and accept the{" "}
            <Anchor href="/privacy_policy" target="_blank" inherit>
              privacy policy
            </Anchor>
          </>
        }
      />
    </>
  );
}
