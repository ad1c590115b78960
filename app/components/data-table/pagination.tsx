import type { ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { PAGE_SIZES, type PagingMeta, showFirstLast, type TableQuery } from "~/domain/table";
import { TableSelect } from "./filter-select";
import { KeptParams } from "./kept-params";
import { DefaultSubmitButton } from "./default-button";
import { MC } from "./mantine-classes";

const PER_PAGE_OPTIONS = PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }));

/**
 * A page link drawn as Mantine's extra-small Button draws it (default, or filled for the current page), its
 * colours and size in app.css (.data-table-page) rather than an inline style on each (issue 21).
 */
function PageLink({
  to,
  current,
  label,
  children,
}: {
  to: string;
  current?: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`${MC.button} data-table-page`}
      aria-current={current ? "page" : undefined}
      aria-label={label}
      preventScrollReset
    >
      <span className={MC.buttonInner}>
        <span className={MC.buttonLabel}>{children}</span>
      </span>
    </Link>
  );
}

/**
 * Below the table: the per-page selector (a GET form with a Show button until hydration, then applied on
 * change) and the page links, with First and Last only when there is more than one page (spec §2); each only where
 * it offers a choice (issue 37: `pager`, `perPage`).
 */
export function DataTablePagination({
  caption,
  meta,
  params,
  hrefWith,
  hydrated,
  pager,
  perPage,
}: {
  caption: string;
  meta: PagingMeta;
  params: URLSearchParams;
  hrefWith: (change: Partial<TableQuery>) => string;
  hydrated: boolean;
  /** The page links (more than one page: showPager). */
  pager: boolean;
  /** The per-page choice (showPerPage). */
  perPage: boolean;
}) {
  const submit = useSubmit();
  const { pathname } = useLocation();
  return (
    <div className="data-table-paging">
      {perPage ? (
        <Form method="get" action={pathname}>
          <KeptParams params={params} except={["perPage"]} />
          <div className="data-table-fields">
            <TableSelect
              name="perPage"
              label="Rows per page"
              defaultValue={String(meta.perPage)}
              key={meta.perPage}
              options={PER_PAGE_OPTIONS}
              // The router's navigation: a failing load shows in the route's error boundary, it does not reject.
              onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
            />
            {/* Before hydration the choice is applied with a button; after, on change. */}
            {hydrated ? null : <DefaultSubmitButton>Show</DefaultSubmitButton>}
          </div>
        </Form>
      ) : null}
      {pager ? (
        <nav aria-label={`${caption} pages`} className="data-table-pages">
          {showFirstLast(meta) ? <PageLink to={hrefWith({ page: 1 })}>First</PageLink> : null}
          {meta.pageNumbers.map((n) => (
            <PageLink key={n} to={hrefWith({ page: n })} current={n === meta.currentPage} label={`Page ${n}`}>
              {n}
            </PageLink>
          ))}
          {showFirstLast(meta) ? <PageLink to={hrefWith({ page: meta.totalPages })}>Last</PageLink> : null}
        </nav>
      ) : null}
    </div>
  );
}
