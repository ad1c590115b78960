import "@mantine/dates/styles.css";
import { DatePicker, type DatePickerProps } from "@mantine/dates";

/** DateField's calendar, loaded when it first opens: a page with a date field does not carry it before. */
export default function Calendar(props: DatePickerProps) {
  return <DatePicker {...props} />;
}
