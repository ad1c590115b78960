import { Button } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { KeptParams } from "./kept-params";

/** Row checkboxes with select-all; the checked rows are sent (GET) as `name` to the bulk action. */
export interface BulkAction<Row> {
  name: string;
  label: string;
  value: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /**
   * Further bulk actions beside the first: submit buttons each sending its own `name=value` with the checked rows
   * (users: Enable selected, Change role), and those names, which the form does not carry over from the URL.
   */
  extra?: ReactNode;
  extraNames?: readonly string[];
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
  extra,
  extraNames = [],
}: {
  id: string;
  label: string;
  name: string;
  params: URLSearchParams;
  disabled: boolean;
  extra?: ReactNode;
  extraNames?: readonly string[];
}) {
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} id={id} aria-label={label} className="data-table-bulk">
      <KeptParams params={params} except={[name, ...extraNames]} keepPage />
      <Button type="submit" variant="default" color="red" disabled={disabled}>
        {label}
      </Button>
      {extra}
    </Form>
  );
}
