import { Button } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { FilterForm } from "../filter-form";
import { KeptParams } from "./kept-params";
import { DefaultSubmitButton } from "./default-button";
import { MC } from "./mantine-classes";

/**
 * Above the table: the search form with the caller's filters (a GET form: Enter or the button submits; with
 * JavaScript a chosen filter applies at once and typed text after a 500 ms pause) and the optional New button.
 * Plain elements laid out by app.css (.data-table-toolbar), the search field drawn as Mantine's TextInput draws
 * it, without the inline styles of a Group and an input per block (issue 21).
 */
export function DataTableToolbar({
  caption,
  params,
  search,
  filters,
  filterNames,
  newButton,
  actions,
}: {
  caption: string;
  params: URLSearchParams;
  search: string;
  filters?: ReactNode;
  filterNames: readonly string[];
  newButton?: { to: string; label?: string };
  /** More buttons beside New (an export link). */
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="data-table-toolbar">
      <FilterForm role="search" aria-label={`Search ${caption}`}>
        <KeptParams params={params} except={["search", ...filterNames]} />
        <div className="data-table-fields">
          <div className={`${MC.inputRoot} table-field`}>
            <label className={MC.inputLabel} htmlFor={id}>
              Search
            </label>
            <div className={MC.inputWrapper} data-variant="default" data-with-left-section="true">
              <div data-position="left" className={MC.inputSection}>
                <IconSearch size={16} />
              </div>
              <input
                className={MC.input}
                data-variant="default"
                id={id}
                name="search"
                defaultValue={search}
                key={search}
              />
            </div>
          </div>
          {filters}
          <DefaultSubmitButton>Search</DefaultSubmitButton>
        </div>
      </FilterForm>
      {newButton || actions ? (
        <div className="data-table-actions">
          {actions}
          {newButton ? (
            <Button component={Link} to={newButton.to}>
              {newButton.label ?? "New"}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
