import type { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { MAX_TICKET_SUBJECT } from "~/domain/tickets";

/** The first fields of a form that starts a conversation (Contact Support, a new feedback conversation). */
export function SubjectCategoryMessageFields({
  fields,
  categories,
}: {
  fields: { subject: Field; category: Field; message: Field };
  categories: readonly string[];
}) {
  return (
    <>
      <TextField field={fields.subject} label="Subject" maxLength={MAX_TICKET_SUBJECT} />
      <SelectField
        field={fields.category}
        label="Category"
        data={[{ value: "", label: "Choose a category" }, ...categories]}
      />
      <TextareaField field={fields.message} label="Message" autosize minRows={5} />
    </>
  );
}
