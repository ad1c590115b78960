import "@mantine/dates/styles.css";
import { ActionIcon, Popover } from "@mantine/core";
import { DatePicker, MonthPicker } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";

/** The calendar's part: ISO dates ("YYYY-MM-DD"; a month's first day for a month). */
interface Calendar {
  value: string | null;
  defaultDate?: string;
  minDate?: string;
  maxDate?: string;
  onChange: (date: string | null) => void;
}

/**
 * DateField's and MonthField's calendar in its popover, loaded when the calendar is first asked for: a page with a
 * date field carries neither the calendar nor the popover's positioning (floating-ui) before (decision 019).
 * `month`: the months of a year to pick from (a period), else the days of a month.
 */
export default function DatePopover({
  opened,
  onOpenedChange,
  month = false,
  label,
  ...calendar
}: Calendar & { opened: boolean; onOpenedChange: (opened: boolean) => void; month?: boolean; label: string }) {
  return (
    <Popover opened={opened} onChange={onOpenedChange} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" aria-label={label} onClick={() => onOpenedChange(!opened)}>
          <IconCalendar size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>{month ? <MonthPicker {...calendar} /> : <DatePicker {...calendar} />}</Popover.Dropdown>
    </Popover>
  );
}
