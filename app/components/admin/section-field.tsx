import { CheckboxField } from "~/components/forms/checkbox-field";
import { DateField } from "~/components/forms/date-field";
import { PasswordField } from "~/components/forms/password-field";
import type { Field } from "~/components/forms/field";
import { MaskedField } from "~/components/forms/masked-field";
import { RichTextField } from "~/components/forms/rich-text-field";
import { SelectField } from "~/components/forms/select-field";
import { EmailField, TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import type { Facet } from "~/domain/admin/records";
import type { FieldDef } from "./section-view";

/** One field of a section's form, by its definition. */
export function SectionField({
  def,
  field,
  facets,
}: {
  def: FieldDef;
  /** Its conform field (absent: the schema has no such field, and nothing is drawn). */
  field: Field | undefined;
  facets: Record<string, Facet>;
}) {
  if (!field) return null;
  switch (def.kind) {
    case "text":
      return <TextField field={field} label={def.label} description={def.description} />;
    case "email":
      return <EmailField field={field} label={def.label} description={def.description} />;
    case "textarea":
      return <TextareaField field={field} label={def.label} description={def.description} autosize minRows={3} />;
    case "phone":
      return <MaskedField field={field} mask="phone" label={def.label} description={def.description} />;
    case "checkbox":
      return <CheckboxField field={field} label={def.label} description={def.description} />;
    case "richtext":
      return <RichTextField field={field} label={def.label} description={def.description} />;
    case "date":
      return <DateField field={field} label={def.label} description={def.description} />;
    case "secret":
      return (
        <PasswordField field={field} label={def.label} description={def.description} autoComplete="new-password" />
      );
    case "select": {
      const options = "facet" in def.options ? (facets[def.options.facet] ?? []) : def.options;
      const first = def.emptyLabel ?? `Choose ${def.label.toLowerCase()}`;
      return (
        <SelectField
          field={field}
          label={def.label}
          description={def.description}
          data={[{ value: "", label: first }, ...options]}
        />
      );
    }
  }
}
