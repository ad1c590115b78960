import { Table, type TableProps } from "@mantine/core";
import type { ReactNode } from "react";

/** A column of a PlainTable: its header and what a row shows in it. */
export interface PlainColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A short read-only table that needs none of the data table's paging, sorting or search (licenses on file,
 * contracts by state, a downline's policies): column headers with scope, one row per item, and on a narrow
 * screen it scrolls sideways inside its block (app.css .table-scroll), never the page. A list that pages,
 * sorts or searches uses DataTable.
 *
 * `stackOnPhone`: on a phone each row is a block of "header: value" lines instead (app.css .stacked-table),
 * for a table too wide to read by scrolling; the roles keep it a table for assistive technology.
 */
export function PlainTable<Row>({
  columns,
  rows,
  rowKey,
  stackOnPhone = false,
  focusable = false,
  ...table
}: {
  columns: ReadonlyArray<PlainColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  stackOnPhone?: boolean;
  /** Its block takes the keyboard's focus, so a table wider than the page scrolls from the keyboard (a file's rows). */
  focusable?: boolean;
} & Pick<TableProps, "striped" | "aria-label" | "aria-labelledby">) {
  const role = (name: string) => (stackOnPhone ? name : undefined);
  return (
    <div
      className={stackOnPhone ? "table-scroll stacked-table" : "table-scroll"}
      // A block that scrolls sideways must take the focus to scroll from the keyboard (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={focusable ? 0 : undefined}
    >
      <Table withTableBorder role={role("table")} {...table}>
        <Table.Thead role={role("rowgroup")}>
          <Table.Tr role={role("row")}>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col" role={role("columnheader")}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role={role("rowgroup")}>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role={role("row")}>
              {columns.map((column) => (
                <Table.Td key={column.header} role={role("cell")} data-label={stackOnPhone ? column.header : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
