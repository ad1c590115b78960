import { Button, Group, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "~/domain/table";
import { KeptParams } from "./kept-params";

/**
 * Above the table: the search form with the caller's filters (a GET form: Enter submits; with JavaScript a
 * 500 ms pause does too) and the optional New button.
 */
export function DataTableToolbar({
  caption,
  params,
  search,
  filters,
  filterNames,
  newButton,
}: {
  caption: string;
  params: URLSearchParams;
  search: string;
  filters?: ReactNode;
  filterNames: readonly string[];
  newButton?: { to: string; label?: string };
}) {
  const submit = useSubmit();
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);

  return (
    <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
      <Form method="get" role="search" aria-label={`Search ${caption}`}>
        <KeptParams params={params} except={["search", ...filterNames]} />
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
  );
}
