import { Button } from "@mantine/core";
import { Form, useLocation } from "react-router";
import { KeptParams } from "./kept-params";

/** Row checkboxes with select-all; the checked rows are sent (GET) as `name` to the bulk action. */
export interface BulkAction<Row> {
  name: string;
  label: string;
  value: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /**
   * Further bulk actions beside the first: each button sends `name=value` with the checked rows (users: Enable
   * selected, Change role), so the page's confirmation knows which one was asked for.
   */
  more?: ReadonlyArray<{ name: string; value: string; label: string }>;
}

/** The select-all checkbox of the header (it needs JavaScript; the row checkboxes do not). */
export function SelectAllRows({ name, formId, disabled }: { name: string; formId: string; disabled: boolean }) {
  return (
    <input
      type="checkbox"
      className="data-table-check"
      aria-label="Select all rows"
      disabled={disabled}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        document
          .querySelectorAll<HTMLInputElement>(`input[form="${formId}"][name="${name}"]`)
          .forEach((box) => (box.checked = checked));
      }}
    />
  );
}

/** The form the row checkboxes belong to (by their `form` attribute): its button leads to the bulk action. */
export function BulkForm({
  id,
  label,
  name,
  params,
  disabled,
  more = [],
}: {
  id: string;
  label: string;
  name: string;
  params: URLSearchParams;
  disabled: boolean;
  more?: BulkAction<unknown>["more"];
}) {
  const { pathname } = useLocation();
  if (more.length === 0)
    return (
      <Form method="get" action={pathname} id={id} aria-label={label}>
        <KeptParams params={params} except={[name]} keepPage />
        <Button type="submit" variant="default" color="red" mt="sm" disabled={disabled}>
          {label}
        </Button>
      </Form>
    );
  return (
    <Form method="get" action={pathname} id={id} aria-label="Bulk actions" className="data-table-bulk">
      <KeptParams params={params} except={[name, ...more.map((m) => m.name)]} keepPage />
      <Button type="submit" variant="default" color="red" disabled={disabled}>
        {label}
      </Button>
      {more.map((m) => (
        <Button key={m.value} type="submit" name={m.name} value={m.value} variant="default" disabled={disabled}>
          {m.label}
        </Button>
      ))}
    </Form>
  );
}
