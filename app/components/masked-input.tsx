import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";

/**
 * A text input that formats what is typed with one of the spec §5 masks (app/domain/masks.ts). Before
 * hydration it is a plain input; the server accepts any formatting of the same digits.
 */
export function MaskedInput({
  format,
  defaultValue,
  ...props
}: Omit<TextInputProps, "value" | "defaultValue" | "onChange"> & { format: (value: string) => string; defaultValue?: string }) {
  const [value, setValue] = useState(defaultValue ?? "");
  return <TextInput {...props} value={value} onChange={(event) => setValue(format(event.currentTarget.value))} inputMode="numeric" />;
}
