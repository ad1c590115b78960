import { Button, Group, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FilterForm } from "../filter-form";
import { KeptParams } from "./kept-params";

/**
 * Above the table: the search form with the caller's filters (a GET form: Enter or the button submits; with
 * JavaScript a chosen filter applies at once and typed text after a 500 ms pause) and the optional New button.
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
  return (
    <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
      <FilterForm role="search" aria-label={`Search ${caption}`}>
        <KeptParams params={params} except={["search", ...filterNames]} />
        <Group gap="xs" align="flex-end">
          <TextInput
            name="search"
            label="Search"
            defaultValue={search}
            key={search}
            leftSection={<IconSearch size={16} />}
          />
          {filters}
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </FilterForm>
      {newButton || actions ? (
        <Group gap="xs">
          {actions}
          {newButton ? (
            <Button component={Link} to={newButton.to}>
              {newButton.label ?? "New"}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}
