import "@mantine/dates/styles.css";
import { ActionIcon, Popover, TextInput, type TextInputProps } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { parseUsDate, toUsDate } from "~/domain/validation";
import { useState } from "react";

/**
 * A date typed as MM/DD/YYYY (works before hydration) or picked from a calendar (with JavaScript),
 * limited to [min, max] (ISO dates).
 */
export function DateField({
  min,
  max,
  defaultValue,
  ...props
}: Omit<TextInputProps, "defaultValue" | "value" | "onChange"> & { min?: string; max?: string; defaultValue?: string }) {
  const [value, setValue] = useState(defaultValue ?? "");
  const [opened, setOpened] = useState(false);
  const picked = parseUsDate(value);
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      autoComplete="off"
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withinPortal>
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label="Pick a date" onClick={() => setOpened((o) => !o)}>
              <IconCalendar size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={picked}
              defaultDate={picked ?? max}
              minDate={min}
              maxDate={max}
              onChange={(date) => {
                if (date) setValue(toUsDate(date));
                setOpened(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
