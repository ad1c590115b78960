import "@mantine/dates/styles.css";
import { ActionIcon, Popover } from "@mantine/core";
import { DatePicker, type DatePickerProps } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";

/**
 * DateField's calendar in its popover, loaded when the calendar is first asked for: a page with a date field
 * carries neither the calendar nor the popover's positioning (floating-ui) before (decision 019).
 */
export default function DatePopover({
  opened,
  onOpenedChange,
  ...calendar
}: DatePickerProps & { opened: boolean; onOpenedChange: (opened: boolean) => void }) {
  return (
    <Popover opened={opened} onChange={onOpenedChange} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" aria-label="Pick a date" onClick={() => onOpenedChange(!opened)}>
          <IconCalendar size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker {...calendar} />
      </Popover.Dropdown>
    </Popover>
  );
}
