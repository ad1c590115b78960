import { getInputProps } from "@conform-to/react";
import { Checkbox, type CheckboxProps } from "@mantine/core";
import { type Field, errorText } from "./field";

type CheckboxFieldProps = Omit<CheckboxProps, "name" | "id" | "defaultChecked" | "checked" | "value" | "error"> & {
  field: Field;
};

/** A checkbox sending "on" when checked (the schemas read it so). */
export function CheckboxField({ field, ...props }: CheckboxFieldProps) {
  const inputProps = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return <Checkbox {...inputProps} key={field.key} error={errorText(field)} {...props} />;
}
