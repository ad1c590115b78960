import { Anchor, Text, Title } from "@mantine/core";
import { FILTERS_REFUSED_TEXT, FILTERS_REFUSED_TITLE, RESET_FILTERS } from "~/domain/list-query";

/** A list's 400 (the upstream refused a filter of its URL), drawn by the error page inside the layout. */
export function RefusedFilters({ resetHref }: { resetHref: string }) {
  return (
    <>
      <Title order={1}>{FILTERS_REFUSED_TITLE}</Title>
      <Text size="lg">{FILTERS_REFUSED_TEXT}</Text>
      <Anchor href={resetHref}>{RESET_FILTERS}</Anchor>
    </>
  );
}
