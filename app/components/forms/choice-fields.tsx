import { getInputProps, getSelectProps } from "@conform-to/react";
import {
  Checkbox,
  type CheckboxProps,
  Group,
  NativeSelect,
  type NativeSelectProps,
  Radio,
  type RadioGroupProps,
} from "@mantine/core";
import { type Field, errorText, initialText, wrapperProps } from "./field";

/** A native select (works before hydration) bridged to a conform field. */
type SelectFieldProps = Omit<NativeSelectProps, "name" | "id" | "defaultValue" | "value" | "error"> & { field: Field };
type CheckboxFieldProps = Omit<CheckboxProps, "name" | "id" | "defaultChecked" | "checked" | "value" | "error"> & {
  field: Field;
};

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

/** A checkbox sending "on" when checked (the schemas read it so). */
export function CheckboxField({ field, ...props }: CheckboxFieldProps) {
  const inputProps = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return <Checkbox {...inputProps} key={field.key} error={errorText(field)} {...props} />;
}

export interface RadioOption {
  value: string;
  label: string;
}

type RadioFieldProps = Omit<RadioGroupProps, "name" | "defaultValue" | "value" | "error" | "children"> & {
  field: Field;
  options: readonly RadioOption[];
  /** The option chosen when the field has no value yet. */
  defaultOption?: string;
};

/** Radio buttons in a group (role radiogroup, labelled and described by its errors). */
export function RadioField({ field, options, defaultOption, ...props }: RadioFieldProps) {
  return (
    <Radio.Group
      key={field.key}
      name={field.name}
      defaultValue={initialText(field) || defaultOption}
      {...wrapperProps(field)}
      {...props}
    >
      <Group gap="lg" mt={4}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

const YES_NO: readonly RadioOption[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** A Yes/No question, sending "yes" or "no"; No unless answered. */
export function YesNoField(props: Omit<RadioFieldProps, "options" | "defaultOption">) {
  return <RadioField options={YES_NO} defaultOption="no" {...props} />;
}
