import { SectionField } from "./section-field";
import { Button, Group, Paper, SimpleGrid, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import type { Field } from "~/components/forms/field";
import { type FormResult, type FormSchema, usePortalForm } from "~/components/forms/use-portal-form";
import type { Facet } from "~/domain/admin/records";
import type { FieldDef } from "./section-view";

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
  const isLong = (d: FieldDef) => d.kind === "textarea" || d.kind === "richtext" || ("wide" in d && d.wide);
  const short = fields.filter((d) => d.kind !== "checkbox" && !isLong(d));
  const long = fields.filter(isLong);
  const boxes = fields.filter((d) => d.kind === "checkbox" && !d.group);
  // Checkboxes of a group (a provider's roles): one fieldset each, under its legend.
  const groups = [...new Set(fields.flatMap((d) => (d.kind === "checkbox" && d.group ? [d.group] : [])))];
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
          {groups.map((group) => (
            <fieldset key={group} className="plain-fieldset l-stack" data-gap="xs">
              <legend className="section-form-legend">{group}</legend>
              {fields
                .filter((d) => d.kind === "checkbox" && d.group === group)
                .map((def) => (
                  <SectionField key={def.name} def={def} field={byName[def.name]} facets={facets} />
                ))}
            </fieldset>
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
