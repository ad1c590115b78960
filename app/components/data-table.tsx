import { Anchor, Group, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import {
  type PagingMeta,
  ariaSort,
  emptyStateOf,
  nextSort,
  rangeLabel,
  rowMenuShown,
  showPaging,
  showPager,
  showPerPage,
  withQuery,
  withoutSearchAndFilters,
} from "~/domain/table";
import { type BulkAction, BulkForm, SelectAllRows } from "./data-table/bulk";
import { DataTablePagination } from "./data-table/pagination";
import { TableIcons } from "./data-table/icons";
import { RowMenu } from "./data-table/row-menu";
import { SortLink } from "./data-table/sort-link";
import { DataTableToolbar } from "./data-table/toolbar";
import { MC } from "./data-table/mantine-classes";
import { useDelayedPending } from "./data-table/use-delayed-pending";
import { useHydrated } from "./forms/hydrated-field";
import { IgnoredFiltersNote } from "./ignored-filters-note";

export interface Column<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  /**
   * Kept on one line (identifiers, dates, amounts, status badges): the column is as wide as its widest value
   * and the table scrolls inside its container rather than breaking "POL-1001" or a date in two.
   */
  noWrap?: boolean;
  /**
   * An amount (issue 37 §2), as `moneyCellOf` (app/domain/cents.ts) gives it: the table draws its text in tabular
   * figures, a negative one marked (app.css .money), header and cells right-aligned, on one line; `cell` is then not
   * used. (The view formats it: the table's script carries no money rules.)
   */
  money?: (row: Row) => { text: string; negative: boolean };
  /** A name or a title: never narrower than this (app.css), so it wraps between words, not a word a line. */
  minWidth?: "name" | "title";
  /**
   * Shown from Mantine's xl (88em) and in the phone's cards; between the two the column is left out, so a wide list
   * fits a 1280 px laptop (issue 37 §2). Only for values the record's own page shows too.
   */
  visibleFrom?: "xl";
  cell?: (row: Row) => ReactNode;
}

/** An amount in a cell: its text in tabular figures, a negative one marked beside its minus sign (app.css .money). */
function MoneyCell({ text, negative }: { text: string; negative: boolean }) {
  return (
    <span className="money" data-negative={negative || undefined}>
      {text}
    </span>
  );
}

/**
 * The shared data table (spec §2): state in the URL (page, perPage, search, sort, order), so links,
 * reload, the back button and no-JS all work. Search submits on Enter (and after a 500 ms pause with
 * JavaScript); headers sort (a new column descending first); First/Last only with more than one page.
 * Its parts: the toolbar (search, filters, New), the pagination (per page, page links), the row menu and
 * the bulk selection, in ./data-table/.
 */

/**
 * The positions (1-based, after the row checkboxes' column) of the columns whose cells keep their value on one
 * line, written once on the table ("2 3 6") for app.css' nth-child rules rather than on every cell (issue 21:
 * 25 rows × 3 cells of `data-nowrap` were 1.5 KB of the book of business). Undefined when there is none.
 */
export function nowrapColumns(
  columns: readonly { noWrap?: boolean; money?: unknown }[],
  offset: number,
): string | undefined {
  return positionsOf(columns, offset, (column) => Boolean(column.noWrap || column.money));
}

/** The positions (as nowrapColumns) of the columns left out below xl (`visibleFrom`), for app.css' rules. */
export function wideOnlyColumns(columns: readonly { visibleFrom?: "xl" }[], offset: number): string | undefined {
  return positionsOf(columns, offset, (column) => column.visibleFrom === "xl");
}

function positionsOf<C>(columns: readonly C[], offset: number, which: (column: C) => boolean): string | undefined {
  const positions = columns.flatMap((column, index) => (which(column) ? [index + 1 + offset] : []));
  return positions.length > 0 ? positions.join(" ") : undefined;
}
/**
 * The body rows and cells are plain `tr`/`td` without attributes: their look (Mantine's striped rows, hover, row
 * borders, cell padding) comes from app.css (.data-table-scroll tbody), not from a class and three data
 * attributes on every row and a class on every cell (issue 21: most of a table page's bytes and elements).
 * Header and caption stay Mantine's.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  meta,
  sortable,
  empty,
  noMatch,
  filters,
  filterNames = [],
  newButton,
  rowMenu,
  bulk,
  ignored = [],
  actions,
  stack = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  meta: PagingMeta;
  sortable: readonly string[];
  /** No rows and nothing narrows the list: there is nothing yet; say what to do to get some (issue 11). */
  empty: ReactNode;
  /**
   * No rows for the search or filters in the URL: what did not match (e.g. 'No policies match this search or
   * these filters.'); the table adds the link that clears them. Default: 'Nothing matches this search.' (or
   * '… this search or these filters.' on a page with filters)
   */
  noMatch?: string;
  /** Extra fields of the search form (filters), sent with the search. */
  filters?: ReactNode;
  /** The names of those fields (every other URL parameter is carried along as it is). */
  filterNames?: readonly string[];
  /** Optional New button (label configurable, default 'New'). */
  newButton?: { to: string; label?: string };
  /**
   * Per-row menu with Edit and Delete, each available per row by a condition (null = not for this row).
   * Delete leads to a confirmation (a URL the page renders), so it works without JavaScript.
   */
  rowMenu?: {
    editHref?: (row: Row) => string | null;
    /** The record link's words (default Edit). */
    editLabel?: string;
    deleteHref?: (row: Row) => string | null;
    label: (row: Row) => string;
    /** The row's other actions (links or small plain forms), shown after Edit. */
    more?: (row: Row) => ReactNode;
    /**
     * The link the row itself is (its first cell's): a menu that would hold only an Edit to the same page is not
     * drawn, nor its column when no row has one (issue 37 §2).
     */
    rowHref?: (row: Row) => string | null;
  };
  /** Row checkboxes with select-all; the checked rows are sent (GET) as `name` to the bulk action. */
  bulk?: BulkAction<Row>;
  /**
   * The URL parameters the loader left out (listQueryFrom, ADR 020): named in a note above the rows, and
   * dropped from every link and form of the table, so that a sort or a page link does not carry them on
   * (nor the note with them).
   */
  ignored?: readonly string[];
  /** More buttons of the toolbar, beside New (e.g. an export of the filtered list). */
  actions?: ReactNode;
  /**
   * On a phone (below 40em) each row is drawn as a card, every cell on its own line under its column's name and
   * the row menu at the card's corner, instead of a table scrolling sideways (for tables with many columns whose
   * every value matters: the admin users). The headers stay above as a row of sort links.
   */
  stack?: boolean;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  for (const key of ignored) params.delete(key);
  const hrefWith = (change: Parameters<typeof withQuery>[1]) =>
    `${location.pathname}${withQuery(params, change, sortable)}`;
  const loadingHere = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const showLoader = useDelayedPending(loadingHere);

  const hydrated = useHydrated();
  const bulkFormId = `${caption.toLowerCase().replace(/\W+/g, "-")}-bulk`;
  // The rows the URL names as chosen (a bulk confirmation open above the table): shown checked and marked.
  const chosen = new Set(bulk ? params.getAll(bulk.name) : []);
  // Which empty state, if any: from whether a search or one of the page's filters is set in the URL.
  const emptyState = emptyStateOf(rows.length, params, filterNames);
  const paging = showPaging(meta, rows.length);
  // Each row's menu, or null where it would hold nothing or only repeat the row's own link.
  const menuOf = (row: Row) => {
    if (!rowMenu) return null;
    const editHref = rowMenu.editHref?.(row) ?? null;
    const deleteHref = rowMenu.deleteHref?.(row) ?? null;
    const more = rowMenu.more?.(row);
    const rowHref = rowMenu.rowHref?.(row) ?? null;
    return rowMenuShown({ editHref, deleteHref, more: more != null && more !== false, rowHref })
      ? { editHref, deleteHref, more }
      : null;
  };
  const menus = rows.map(menuOf);
  const withMenu = Boolean(rowMenu) && (rows.length === 0 || menus.some(Boolean));
  const withFilters = filterNames.length > 0;
  const clearLabel = withFilters ? "Clear the search and filters" : "Clear the search";
  const noMatchText =
    noMatch ?? (withFilters ? "Nothing matches this search or these filters." : "Nothing matches this search.");

  return (
    <div className="data-table" aria-busy={showLoader || undefined}>
      <TableIcons />
      <DataTableToolbar
        caption={caption}
        params={params}
        search={meta.search}
        filters={filters}
        filterNames={filterNames}
        newButton={newButton}
        actions={actions}
      />
      <IgnoredFiltersNote ignored={ignored} />

      {/* On a narrow screen the table scrolls sideways inside this block (never the page), its first column
          and the row actions kept in view (app.css .data-table-scroll). */}
      <div className="data-table-scroll" data-with-select={bulk ? true : undefined} data-stack={stack || undefined}>
        {showLoader ? (
          <Group pos="absolute" top={8} right={8} gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Loading…</Text>
          </Group>
        ) : null}
        {/* Mantine's Table (striped, highlighted on hover, with its border) written as plain elements with its
            classes: its spacing variable is in app.css, not an inline style (issue 21). */}
        <table
          className={MC.table}
          data-with-table-border
          data-nowrap={nowrapColumns(columns, bulk ? 1 : 0)}
          data-from-xl={wideOnlyColumns(columns, bulk ? 1 : 0)}
        >
          <caption className={MC.caption} data-side="bottom">
            {caption}: {rangeLabel(meta)}
          </caption>
          <thead className={MC.thead}>
            <tr className={MC.tr} data-with-row-border data-striped="odd" data-hover>
              {bulk ? (
                <th className={MC.th} scope="col" data-sticky="select">
                  <SelectAllRows name={bulk.name} formId={bulkFormId} disabled={!hydrated || rows.length === 0} />
                </th>
              ) : null}
              {columns.map((column, index) => {
                const sorted = ariaSort(column.key, meta);
                return (
                  <th
                    className={MC.th}
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortable ? sorted : undefined}
                    data-nowrap={column.noWrap || undefined}
                    data-numeric={column.money ? true : undefined}
                    data-min={column.minWidth}
                    data-from={column.visibleFrom}
                    data-sticky={index === 0 ? "first" : undefined}
                  >
                    {column.sortable ? (
                      <SortLink header={column.header} to={hrefWith(nextSort(meta, column.key))} sorted={sorted} />
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {withMenu ? (
                <th className={MC.th} scope="col" data-row-actions>
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className={MC.tbody}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (bulk ? 1 : 0) + (withMenu ? 1 : 0)}>
                  {emptyState === "noMatch" ? (
                    <Text c="dimmed" data-empty-state="no-match">
                      {noMatchText}{" "}
                      <Anchor
                        component={Link}
                        to={`${location.pathname}${withoutSearchAndFilters(params, filterNames, sortable)}`}
                        preventScrollReset
                      >
                        {clearLabel}
                      </Anchor>
                    </Text>
                  ) : (
                    <div data-empty-state="empty">{empty}</div>
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row)} data-chosen={bulk && chosen.has(bulk.value(row)) ? true : undefined}>
                  {bulk ? (
                    <td data-sticky="select">
                      {/* A native checkbox: one per row, light markup (Mantine's adds an icon and three wrappers). */}
                      <input
                        // Remounted when the URL chooses it or not, so it starts as the URL says.
                        key={String(chosen.has(bulk.value(row)))}
                        defaultChecked={chosen.has(bulk.value(row))}
                        type="checkbox"
                        className="data-table-check"
                        name={bulk.name}
                        value={bulk.value(row)}
                        form={bulkFormId}
                        aria-label={bulk.rowLabel(row)}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) => (
                    <td key={column.key} data-label={stack ? column.header : undefined}>
                      {column.money ? <MoneyCell {...column.money(row)} /> : column.cell?.(row)}
                    </td>
                  ))}
                  {withMenu && rowMenu ? (
                    <td data-row-actions>
                      {menus[index] ? (
                        <RowMenu
                          // A new URL (the confirmation opened or cancelled) closes the menu.
                          key={location.search}
                          label={rowMenu.label(row)}
                          editHref={menus[index].editHref}
                          editLabel={rowMenu.editLabel}
                          deleteHref={menus[index].deleteHref}
                          more={menus[index].more}
                        />
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {bulk && paging ? (
        <BulkForm
          id={bulkFormId}
          label={bulk.label}
          name={bulk.name}
          params={params}
          disabled={rows.length === 0}
          extra={bulk.extra}
          extraNames={bulk.extraNames}
        />
      ) : null}

      {/* Nothing to page through with no rows at all: no page links, no per-page choice (issue 11); page links only
          past one page, the per-page choice only past the smallest page (issue 37). */}
      {paging && (showPager(meta) || showPerPage(meta)) ? (
        <DataTablePagination
          caption={caption}
          meta={meta}
          params={params}
          hrefWith={hrefWith}
          hydrated={hydrated}
          pager={showPager(meta)}
          perPage={showPerPage(meta)}
        />
      ) : null}
    </div>
  );
}
