import type { FieldMetadata } from "@conform-to/react";

/** Any conform field (its metadata: name, id, initial value, errors). */
export type Field = FieldMetadata<unknown>;

/** A field's errors as one line (how the portal has always shown them), or undefined when it has none. */
export function errorText(field: Pick<Field, "errors">): string | undefined {
  return field.errors?.length ? field.errors.join(" ") : undefined;
}

/**
 * Mantine's wrapper props for a conform field: the error under conform's errorId and the description
 * under its descriptionId, which Mantine names in the input's aria-describedby (and sets aria-invalid).
 */
export function wrapperProps(field: Field) {
  return {
    error: errorText(field),
    errorProps: { id: field.errorId },
    descriptionProps: { id: field.descriptionId },
  };
}

/** The field's initial value as text ("" when it has none): what the server answered or the form started with. */
export function initialText(field: Field): string {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}
