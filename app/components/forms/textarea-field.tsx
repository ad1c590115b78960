import { getTextareaProps } from "@conform-to/react";
import { Textarea, type TextareaProps } from "@mantine/core";
import { wrapperProps } from "./field";
import type { Bridged } from "./text-fields";

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
