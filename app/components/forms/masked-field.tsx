import { TextInput, type TextInputProps } from "@mantine/core";
import type { FactoryOpts } from "imask";
import { useIMask } from "react-imask";
import { MASKS, type MaskKind, formatMasked } from "~/domain/masks";
import { type Field, initialText, wrapperProps } from "./field";

type MaskedFieldProps = Omit<
  TextInputProps,
  "name" | "id" | "defaultValue" | "value" | "onChange" | "error" | "type"
> & {
  field: Field;
  /** One of the spec §5 masks (app/domain/masks.ts). */
  mask: MaskKind;
};

function MaskedInput({ field, mask, ...props }: MaskedFieldProps) {
  // imask edits the input in place as the user types, keeping the caret where it is; conform reads the DOM.
  const { ref } = useIMask<HTMLInputElement>(MASKS[mask] as FactoryOpts);
  return (
    <TextInput
      ref={ref}
      name={field.name}
      id={field.id}
      // Formatted on the server too: before hydration (or without JavaScript) it is a plain input.
      defaultValue={formatMasked(mask, initialText(field))}
      inputMode={mask === "currency" ? "decimal" : "numeric"}
      {...wrapperProps(field)}
      {...props}
    />
  );
}

/**
 * A text input with a spec §5 mask (phone, SSN, last 4 of an SSN, EIN, currency). The server accepts any
 * formatting of the same digits; the mask only helps typing.
 */
export function MaskedField(props: MaskedFieldProps) {
  // A new key (conform reset, another mask) is a new input: the mask binds to the element it is given.
  return <MaskedInput key={`${props.field.key ?? ""}-${props.mask}`} {...props} />;
}
