import { Group, Radio, type RadioGroupProps } from "@mantine/core";
import { type Field, initialText, wrapperProps } from "./field";

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
