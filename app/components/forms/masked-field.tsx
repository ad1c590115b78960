import { TextInput, type TextInputProps } from "@mantine/core";
import type { FactoryOpts, InputMask } from "imask";
import { useEffect, useRef } from "react";
import type { MaskKind } from "~/domain/masks";
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
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    let bound: InputMask<FactoryOpts> | undefined;
    let cancelled = false;
    // Loaded with the first masked field: pages without one do not carry imask. Bound to the element, imask
    // formats what is there and edits the value in place as the user types, keeping the caret where it is;
    // conform reads the value from the DOM.
    // A chunk that fails to load (a flaky connection) leaves the plain input, which the server accepts.
    Promise.all([import("imask"), import("~/domain/masks")])
      .then(([{ default: IMask }, { MASKS }]) => {
        if (!cancelled) bound = IMask(element, MASKS[mask] as FactoryOpts);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      bound?.destroy();
    };
  }, [mask]);
  return (
    <TextInput
      ref={input}
      name={field.name}
      id={field.id}
      // What the form starts from (formatted by the loader with formatMasked) or what was typed: before hydration,
      // or without JavaScript, this is a plain input and the server accepts any formatting of the digits.
      defaultValue={initialText(field)}
      inputMode={mask === "currency" ? "decimal" : "numeric"}
      // The schema's constraint, when the form puts them on its inputs: Mantine marks a required label.
      required={field.required}
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
