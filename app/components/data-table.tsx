import { Anchor, Button, Checkbox, Group, Loader, NativeSelect, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDots, IconSearch } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import {
  LOADING_DELAY_MS,
  MIN_LOADING_MS,
  PAGE_SIZES,
  type PagingMeta,
  SEARCH_DEBOUNCE_MS,
  ariaSort,
  nextSort,
  rangeLabel,
  showFirstLast,
  withQuery,
} from "~/domain/table";

/**
 * The per-row menu: a native disclosure (it opens without JavaScript) holding the row's actions.
 * An action that is not available for the row is not shown.
 */
function RowMenu({ label, editHref, deleteHref }: { label: string; editHref: string | null; deleteHref: string | null }) {
  if (!editHref && !deleteHref) return null;
  return (
    <details className="row-menu">
      <summary aria-label={`Actions for ${label}`}>
        <IconDots size={18} aria-hidden />
      </summary>
      <div className="row-menu-items">
        {editHref ? (
          <Anchor component={Link} to={editHref}>
            Edit
          </Anchor>
        ) : null}
        {deleteHref ? (
          <Anchor component={Link} to={deleteHref} c="red.9" preventScrollReset>
            Delete
          </Anchor>
        ) : null}
      </div>
    </details>
  );
}

export interface Column<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A pending indicator that appears only when loading lasts beyond `delay` and, once shown, stays at
 * least `minimum` (spec §9: 300 ms and 200 ms), so it never flickers.
 */
function useDelayedPending(pending: boolean, delay = LOADING_DELAY_MS, minimum = MIN_LOADING_MS): boolean {
  const [shown, setShown] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    if (pending) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setShown(true);
      }, delay);
      return () => clearTimeout(timer);
    }
    if (!shown) return;
    const rest = Math.max(0, minimum - (Date.now() - shownAt.current));
    const timer = setTimeout(() => setShown(false), rest);
    return () => clearTimeout(timer);
  }, [pending, shown, delay, minimum]);
  return shown;
}

/**
 * The shared data table (spec §2): state in the URL (page, perPage, search, sort, order), so links,
 * reload, the back button and no-JS all work. Search submits on Enter (and after a 500 ms pause with
 * JavaScript); headers sort (a new column descending first); First/Last only with more than one page.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  meta,
  sortable,
  empty,
  filters,
  filterNames = [],
  newButton,
  rowMenu,
  bulk,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  meta: PagingMeta;
  sortable: readonly string[];
  empty: ReactNode;
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
  rowMenu?: { editHref?: (row: Row) => string | null; deleteHref?: (row: Row) => string | null; label: (row: Row) => string };
  /** Row checkboxes with select-all; the checked rows are sent (GET) as `name` to the bulk action. */
  bulk?: { name: string; label: string; value: (row: Row) => string; rowLabel: (row: Row) => string };
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const params = new URLSearchParams(location.search);
  const hrefWith = (change: Parameters<typeof withQuery>[1]) => `${location.pathname}${withQuery(params, change, sortable)}`;
  const loadingHere = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const showLoader = useDelayedPending(loadingHere);
  const searchForm = useRef<HTMLFormElement>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const [hydrated, setHydrated] = useState(false);
  const bulkForm = useRef<HTMLFormElement>(null);
  const bulkFormId = `${caption.toLowerCase().replace(/\W+/g, "-")}-bulk`;
  useEffect(() => setHydrated(true), []);

  const { perPage, search } = meta;
  useEffect(() => () => clearTimeout(debounce.current), []);

  // The other table state travels with the search and per-page forms as hidden fields.
  const keep = (except: string[], keepPage = false) =>
    [...params.entries()]
      .filter(([key]) => !except.includes(key) && (keepPage || key !== "page"))
      .map(([key, value]) => <input key={`${key}=${value}`} type="hidden" name={key} value={value} />);
  const filterKeys = ["search", ...filterNames];

  return (
    <div className="data-table" aria-busy={showLoader || undefined}>
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Form method="get" ref={searchForm} role="search" aria-label={`Search ${caption}`}>
          {keep(filterKeys)}
          <Group gap="xs" align="flex-end">
            <TextInput
              name="search"
              label="Search"
              defaultValue={search}
              key={search}
              leftSection={<IconSearch size={16} />}
              onChange={(event) => {
                const form = event.currentTarget.form;
                clearTimeout(debounce.current);
                debounce.current = setTimeout(() => {
                  if (form) submit(form, { replace: true, preventScrollReset: true });
                }, SEARCH_DEBOUNCE_MS);
              }}
            />
            {filters}
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </Form>
        {newButton ? (
          <Button component={Link} to={newButton.to}>
            {newButton.label ?? "New"}
          </Button>
        ) : null}
      </Group>

      <div style={{ position: "relative" }}>
        {showLoader ? (
          <Group pos="absolute" top={8} right={8} gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Loading…</Text>
          </Group>
        ) : null}
        <Table striped highlightOnHover withTableBorder>
          <Table.Caption>
            {caption}: {rangeLabel(meta)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {bulk ? (
                <Table.Th scope="col" w={40}>
                  <Checkbox
                    aria-label="Select all rows"
                    disabled={!hydrated || rows.length === 0}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      bulkForm.current
                        ?.querySelectorAll<HTMLInputElement>(`input[name="${bulk.name}"]`)
                        .forEach((box) => (box.checked = checked));
                      document
                        .querySelectorAll<HTMLInputElement>(`input[form="${bulkFormId}"][name="${bulk.name}"]`)
                        .forEach((box) => (box.checked = checked));
                    }}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) => {
                const sorted = ariaSort(column.key, meta);
                return (
                  <Table.Th key={column.key} scope="col" aria-sort={column.sortable ? sorted : undefined}>
                    {column.sortable ? (
                      <Anchor
                        component={Link}
                        to={hrefWith(nextSort(meta, column.key))}
                        preventScrollReset
                        underline="never"
                        c="inherit"
                        fw={700}
                      >
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          {sorted === "ascending" ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : sorted === "descending" ? (
                            <IconArrowDown size={14} aria-hidden />
                          ) : (
                            <IconArrowsSort size={14} aria-hidden />
                          )}
                          <VisuallyHidden>
                            {sorted === "none" ? ", sort" : sorted === "descending" ? ", sort ascending" : ", sort descending"}
                          </VisuallyHidden>
                        </Group>
                      </Anchor>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
              {rowMenu ? (
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (bulk ? 1 : 0) + (rowMenu ? 1 : 0)}>{empty}</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {bulk ? (
                    <Table.Td>
                      <Checkbox name={bulk.name} value={bulk.value(row)} form={bulkFormId} aria-label={bulk.rowLabel(row)} />
                    </Table.Td>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                  ))}
                  {rowMenu ? (
                    <Table.Td>
                      <RowMenu
                        // A new URL (the confirmation opened or cancelled) closes the menu.
                        key={location.search}
                        label={rowMenu.label(row)}
                        editHref={rowMenu.editHref?.(row) ?? null}
                        deleteHref={rowMenu.deleteHref?.(row) ?? null}
                      />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </div>

      {bulk ? (
        <Form method="get" id={bulkFormId} ref={bulkForm} aria-label={bulk.label}>
          {keep([bulk.name], true)}
          <Button type="submit" variant="default" color="red" mt="sm" disabled={rows.length === 0}>
            {bulk.label}
          </Button>
        </Form>
      ) : null}

      <Group justify="space-between" mt="sm" gap="sm">
        <Form method="get">
          {keep(["perPage"])}
          <Group gap="xs" align="flex-end">
            <NativeSelect
              name="perPage"
              label="Rows per page"
              defaultValue={String(perPage)}
              key={perPage}
              data={PAGE_SIZES.map(String)}
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            />
            {/* Before hydration the choice is applied with a button; after, on change. */}
            {hydrated ? null : (
              <Button type="submit" variant="default">
                Show
              </Button>
            )}
          </Group>
        </Form>
        <nav aria-label={`${caption} pages`}>
          <Group gap={4}>
            {showFirstLast(meta) ? (
              <Button component={Link} to={hrefWith({ page: 1 })} variant="default" size="xs" preventScrollReset>
                First
              </Button>
            ) : null}
            {meta.pageNumbers.map((n) => (
              <Button
                key={n}
                component={Link}
                to={hrefWith({ page: n })}
                variant={n === meta.currentPage ? "filled" : "default"}
                size="xs"
                aria-current={n === meta.currentPage ? "page" : undefined}
                aria-label={`Page ${n}`}
                preventScrollReset
              >
                {n}
              </Button>
            ))}
            {showFirstLast(meta) ? (
              <Button component={Link} to={hrefWith({ page: meta.totalPages })} variant="default" size="xs" preventScrollReset>
                Last
              </Button>
            ) : null}
          </Group>
        </nav>
      </Group>
    </div>
  );
}
