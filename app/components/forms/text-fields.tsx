import { getInputProps } from "@conform-to/react";
import { TextInput, type TextInputProps } from "@mantine/core";
import { type Field, wrapperProps } from "./field";

/**
 * What a field component takes besides its conform field: Mantine's props but those the field sets. One
 * module per kind of field (text, password, textarea, select, checkbox, radio…): a page loads only the
 * Mantine inputs it uses (docs/decisions/019-performance-budgets.md).
 */
export type Bridged<P> = Omit<P, "name" | "id" | "defaultValue" | "value" | "error" | "type"> & { field: Field };

/** A text input bridged to a conform field: label, description and errors tied by aria-describedby. */
export function TextField({
  field,
  type = "text",
  ...props
}: Bridged<TextInputProps> & { type?: "text" | "email" | "tel" | "url" }) {
  return (
    <TextInput
      {...getInputProps(field, { type, ariaAttributes: false })}
      key={field.key}
      {...wrapperProps(field)}
      {...props}
    />
  );
}

export function EmailField(props: Bridged<TextInputProps>) {
  return <TextField type="email" {...props} />;
}
