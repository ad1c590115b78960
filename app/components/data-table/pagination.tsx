import { Button, Group, NativeSelect } from "@mantine/core";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { PAGE_SIZES, type PagingMeta, showFirstLast, type TableQuery } from "~/domain/table";
import { KeptParams } from "./kept-params";

/**
 * Below the table: the per-page selector (a GET form with a Show button until hydration, then applied on
 * change) and the page links, with First and Last only when there is more than one page (spec §2).
 */
export function DataTablePagination({
  caption,
  meta,
  params,
  hrefWith,
  hydrated,
}: {
  caption: string;
  meta: PagingMeta;
  params: URLSearchParams;
  hrefWith: (change: Partial<TableQuery>) => string;
  hydrated: boolean;
}) {
  const submit = useSubmit();
  const { pathname } = useLocation();
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Form method="get" action={pathname}>
        <KeptParams params={params} except={["perPage"]} />
        <Group gap="xs" align="flex-end">
          <NativeSelect
            name="perPage"
            label="Rows per page"
            defaultValue={String(meta.perPage)}
            key={meta.perPage}
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
            <Button
              component={Link}
              to={hrefWith({ page: meta.totalPages })}
              variant="default"
              size="xs"
              preventScrollReset
            >
              Last
            </Button>
          ) : null}
        </Group>
      </nav>
    </Group>
  );
}
