import { Button, Group, Paper, SimpleGrid, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { MaskedField } from "~/components/forms/masked-field";
import { SelectField } from "~/components/forms/select-field";
import { EmailField, TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import type { Field } from "~/components/forms/field";
import { type FormResult, type FormSchema, usePortalForm } from "~/components/forms/use-portal-form";
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

/**
 * A section's form (new or edit), drawn from its field definitions with the shared form layer: validated in the
 * browser and again on the server with the same schema, typed values kept on any error, the upstream's refusals
 * at their fields. Text fields two to a row on a wide screen; long texts and checkboxes on their own rows.
 */
export function SectionForm({
  schema,
  fields,
  facets,
  lastResult,
  defaultValue,
  submitLabel,
  cancelHref,
  children,
}: {
  schema: FormSchema;
  fields: readonly FieldDef[];
  facets: Record<string, Facet>;
  lastResult: FormResult;
  defaultValue?: Record<string, string | undefined>;
  submitLabel: string;
  cancelHref: string;
  /** Hidden fields (intent). */
  children?: ReactNode;
}) {
  const [form, conformFields] = usePortalForm(schema, { lastResult, defaultValue, constraint: true });
  const byName = conformFields as unknown as Record<string, Field>;
  const short = fields.filter((d) => d.kind !== "checkbox" && !(d.kind === "textarea" || ("wide" in d && d.wide)));
  const long = fields.filter((d) => d.kind === "textarea" || ("wide" in d && d.wide));
  const boxes = fields.filter((d) => d.kind === "checkbox");
  return (
    <Paper withBorder p="md">
      <PortalForm form={form}>
        {children}
        <Stack gap="sm">
          <FormAlert form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {short.map((def) => (
              <SectionField key={def.name} def={def} field={byName[def.name]} facets={facets} />
            ))}
          </SimpleGrid>
          {long.map((def) => (
            <SectionField key={def.name} def={def} field={byName[def.name]} facets={facets} />
          ))}
          {boxes.length ? (
            <Stack gap="xs" component="fieldset" className="plain-fieldset">
              {boxes.map((def) => (
                <SectionField key={def.name} def={def} field={byName[def.name]} facets={facets} />
              ))}
            </Stack>
          ) : null}
          <Group>
            <SubmitButton>{submitLabel}</SubmitButton>
            <Button component={Link} to={cancelHref} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}
