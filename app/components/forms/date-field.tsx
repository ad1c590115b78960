import { useInputControl } from "@conform-to/react";
import { ActionIcon, TextInput, type TextInputProps } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { Suspense, lazy, useState } from "react";
import { DATE_FORMAT, parseUsDate, toUsDate } from "~/domain/validation";
import { calendarDate } from "./dates";
import { type Field, initialText, wrapperProps } from "./field";

const DatePopover = lazy(async () => import("./date-popover"));

/** The calendar button before its popover is loaded (the same button, so nothing moves when it arrives). */
function CalendarButton({ onClick, loading }: { onClick?: () => void; loading?: boolean }) {
  return (
    <ActionIcon variant="subtle" aria-label="Pick a date" onClick={onClick} loading={loading}>
      <IconCalendar size={18} />
    </ActionIcon>
  );
}

type DateFieldProps = Omit<TextInputProps, "name" | "id" | "defaultValue" | "value" | "onChange" | "error" | "type"> & {
  field: Field;
  /** The earliest and latest dates allowed (ISO); the schema checks them again. */
  min?: string;
  max?: string;
};

/**
 * Spec §4 date picker: a date typed as MM/DD/YYYY (works before hydration) or picked from a calendar (with
 * JavaScript) limited to [min, max]. A picked date reaches conform like a typed one.
 */
export function DateField({ field, min, max, description = DATE_FORMAT, ...props }: DateFieldProps) {
  const control = useInputControl({
    key: field.key,
    name: field.name,
    formId: field.formId,
    initialValue: initialText(field),
  });
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const value = typeof control.value === "string" ? control.value : "";
  return (
    <TextInput
      name={field.name}
      id={field.id}
      value={value}
      onChange={(event) => control.change(event.currentTarget.value)}
      placeholder={DATE_FORMAT}
      inputMode="numeric"
      autoComplete="off"
      description={description}
      {...wrapperProps(field)}
      {...props}
      rightSection={
        // The popover and its calendar load on the first click (the button shows it loading meanwhile).
        wanted ? (
          <Suspense fallback={<CalendarButton loading />}>
            <DatePopover
              opened={opened}
              onOpenedChange={setOpened}
              value={parseUsDate(value)}
              defaultDate={calendarDate(value, { min, max })}
              minDate={min}
              maxDate={max}
              onChange={(date) => {
                if (date) control.change(toUsDate(date));
                setOpened(false);
              }}
            />
          </Suspense>
        ) : (
          <CalendarButton
            onClick={() => {
              setWanted(true);
              setOpened(true);
            }}
          />
        )
      }
    />
  );
}
