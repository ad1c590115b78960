import { type ChangeEventHandler, useId } from "react";
import { TABLE_ICON } from "./icons";
import { MC } from "./mantine-classes";

/** A filter's choice: a plain value (a status), or a named record (a carrier, a product) chosen by its id. */
export type FilterOption = string | { value: string; label: string } | { id: number; name: string };

function optionOf(option: FilterOption): { value: string; label: string } {
  if (typeof option === "string") return { value: option, label: option };
  return "id" in option ? { value: String(option.id), label: option.name } : option;
}

/**
 * A native select drawn as Mantine's NativeSelect draws it (its classes and data attributes, the chevron by
 * reference to the table's icons), without the inline styles and the chevron's paths that component puts in every
 * field (issue 21). Its size and pointer settings are in app.css (.table-select).
 */
export function TableSelect({
  name,
  label,
  defaultValue,
  options,
  onChange,
}: {
  name: string;
  label: string;
  defaultValue: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div className={`${MC.inputRoot} table-field table-select`}>
      <label className={MC.inputLabel} htmlFor={id}>
        {label}
      </label>
      <div className={MC.inputWrapper} data-variant="default" data-pointer="true" data-with-right-section="true">
        <select
          className={MC.input}
          data-variant="default"
          name={name}
          id={id}
          defaultValue={defaultValue}
          onChange={onChange}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div data-position="right" className={MC.inputSection}>
          <svg viewBox="0 0 15 15" fill="none" aria-hidden="true">
            <use href={`#${TABLE_ICON.chevron}`} />
          </svg>
        </div>
      </div>
    </div>
  );
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
  emptyLabel = "All",
}: {
  name: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  /** The empty choice's words, when the filter off means a default (the last 24 months) rather than all. */
  emptyLabel?: string;
}) {
  return (
    <TableSelect
      name={name}
      label={label}
      defaultValue={value}
      options={[{ value: "", label: emptyLabel }, ...options.map(optionOf)]}
    />
  );
}

/**
 * A day filter (a date range's end: carrier enrollments, issue 24): a native date input drawn as Mantine's inputs
 * are, sending YYYY-MM-DD, so the filter form works before hydration; empty: the filter off.
 */
export function FilterDay({ name, label, value }: { name: string; label: string; value: string }) {
  const id = useId();
  return (
    <div className={`${MC.inputRoot} table-field`}>
      <label className={MC.inputLabel} htmlFor={id}>
        {label}
      </label>
      <div className={MC.inputWrapper} data-variant="default">
        <input className={MC.input} data-variant="default" type="date" name={name} id={id} defaultValue={value} />
      </div>
    </div>
  );
}
