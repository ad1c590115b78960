import { useInputControl } from "@conform-to/react";
import { ActionIcon, TextInput, type TextInputProps } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { Suspense, lazy, useState } from "react";
import { DATE_FORMAT, MONTH_FORMAT, parseUsDate, parseUsMonth, toUsDate, toUsMonth } from "~/domain/validation";
import { calendarDate } from "./dates";
import { type Field, initialText, wrapperProps } from "./field";

const DatePopover = lazy(async () => import("./date-popover"));

/** The calendar button before its popover is loaded (the same button, so nothing moves when it arrives). */
function CalendarButton({ label, onClick, loading }: { label: string; onClick?: () => void; loading?: boolean }) {
  return (
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick} loading={loading}>
      <IconCalendar size={18} />
    </ActionIcon>
  );
}

type DateFieldProps = Omit<TextInputProps, "name" | "id" | "defaultValue" | "value" | "onChange" | "error" | "type"> & {
  field: Field;
  /** The earliest and latest dates allowed (ISO; a MonthField's may be YYYY-MM); the schema checks them again. */
  min?: string;
  max?: string;
};

/** What each kind of field is typed as, and how the calendar's pick (ISO "YYYY-MM-DD") becomes that text. */
const KINDS = {
  date: { format: DATE_FORMAT, button: "Pick a date", parse: parseUsDate, typed: toUsDate },
  month: {
    format: MONTH_FORMAT,
    button: "Pick a month",
    parse: (typed: string) => {
      const period = parseUsMonth(typed);
      return period && `${period}-01`;
    },
    typed: toUsMonth,
  },
} as const;

const monthStart = (bound: string | undefined) => (bound && bound.length === 7 ? `${bound}-01` : bound);

function CalendarTextField({
  kind,
  field,
  min: minBound,
  max: maxBound,
  description = KINDS[kind].format,
  ...props
}: DateFieldProps & { kind: keyof typeof KINDS }) {
  const { format, button, parse, typed } = KINDS[kind];
  const [min, max] = [monthStart(minBound), monthStart(maxBound)];
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
      placeholder={format}
      inputMode="numeric"
      autoComplete="off"
      description={description}
      {...wrapperProps(field)}
      {...props}
      rightSection={
        // The popover and its calendar load on the first click (the button shows it loading meanwhile).
        wanted ? (
          <Suspense fallback={<CalendarButton label={button} loading />}>
            <DatePopover
              month={kind === "month"}
              label={button}
              opened={opened}
              onOpenedChange={setOpened}
              value={parse(value)}
              defaultDate={calendarDate(value, { min, max }, parse)}
              minDate={min}
              maxDate={max}
              onChange={(date) => {
                if (date) control.change(typed(date));
                setOpened(false);
              }}
            />
          </Suspense>
        ) : (
          <CalendarButton
            label={button}
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

/**
 * Spec §2 date picker: a date typed as MM/DD/YYYY (works before hydration) or picked from a calendar (with
 * JavaScript) limited to [min, max]. A picked date reaches conform like a typed one. The schema: usDate.
 */
export function DateField(props: DateFieldProps) {
  return <CalendarTextField kind="date" {...props} />;
}

/**
 * The one month picker (issue 37 §4): a period typed as MM/YYYY (works before hydration) or picked from the months
 * of a year (with JavaScript) limited to [min, max]. The schema: usMonth (it answers YYYY-MM).
 */
export function MonthField(props: DateFieldProps) {
  return <CalendarTextField kind="month" {...props} />;
}
