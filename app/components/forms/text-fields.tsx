import { getInputProps, getTextareaProps } from "@conform-to/react";
import {
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
  Textarea,
  type TextareaProps,
} from "@mantine/core";
import { type Field, wrapperProps } from "./field";

/** What a field component takes besides its conform field: Mantine's props but those the field sets. */
type Bridged<P> = Omit<P, "name" | "id" | "defaultValue" | "value" | "error" | "type"> & { field: Field };

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

/** A password field: the action never sends its value back (hideFields), so it starts empty. */
export function PasswordField({ field, ...props }: Bridged<PasswordInputProps>) {
  const inputProps = getInputProps(field, { type: "password", ariaAttributes: false });
  return <PasswordInput {...inputProps} key={field.key} {...wrapperProps(field)} {...props} />;
}

export function TextareaField({ field, ...props }: Bridged<TextareaProps>) {
  return (
    <Textarea
      {...getTextareaProps(field, { ariaAttributes: false })}
      key={field.key}
      {...wrapperProps(field)}
      {...props}
    />
  );
}
