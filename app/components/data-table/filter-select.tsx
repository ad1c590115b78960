import { NativeSelect } from "@mantine/core";

/** A filter's choice: a plain value (a status), or a named record (a carrier, a product) chosen by its id. */
export type FilterOption = string | { value: string; label: string } | { id: number; name: string };

function optionOf(option: FilterOption): { value: string; label: string } {
  if (typeof option === "string") return { value: option, label: option };
  return "id" in option ? { value: String(option.id), label: option.name } : option;
}

/**
 * One of a data table's filters (decision 009): "All" (the filter off, an empty value) first, then the choices
 * the upstream offers. A native select, so the filter form works before hydration.
 */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
}) {
  return (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={value}
      data={[{ value: "", label: "All" }, ...options.map(optionOf)]}
    />
  );
}
