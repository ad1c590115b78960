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
 */
export function PlainTable<Row>({
  columns,
  rows,
  rowKey,
  ...table
}: {
  columns: ReadonlyArray<PlainColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
} & Pick<TableProps, "striped" | "aria-label" | "aria-labelledby">) {
  return (
    <div className="table-scroll">
      <Table withTableBorder {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
