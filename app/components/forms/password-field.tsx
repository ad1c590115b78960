import { getInputProps } from "@conform-to/react";
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { wrapperProps } from "./field";
import type { Bridged } from "./text-fields";

/** A password field: the action never sends its value back (hideFields), so it starts empty. */
export function PasswordField({ field, ...props }: Bridged<PasswordInputProps>) {
  const inputProps = getInputProps(field, { type: "password", ariaAttributes: false });
  return <PasswordInput {...inputProps} key={field.key} {...wrapperProps(field)} {...props} />;
}
