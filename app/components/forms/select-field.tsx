import { getSelectProps } from "@conform-to/react";
import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { type Field, wrapperProps } from "./field";

/** A native select (works before hydration) bridged to a conform field. */
type SelectFieldProps = Omit<NativeSelectProps, "name" | "id" | "defaultValue" | "value" | "error"> & { field: Field };

export function SelectField({ field, ...props }: SelectFieldProps) {
  return (
    <NativeSelect
      {...getSelectProps(field, { ariaAttributes: false })}
      key={field.key}
      {...wrapperProps(field)}
      {...props}
    />
  );
}
