import { Alert } from "@mantine/core";
import { ignoredNoteText } from "~/domain/list-query";

/**
 * The short note a list shows above its table when its URL had values it does not know (a page that is
 * not a number, a sort it cannot sort by): they were left out and the list is shown without them (ADR 020).
 */
export function IgnoredFiltersNote({ ignored }: { ignored: readonly string[] }) {
  const text = ignoredNoteText(ignored);
  if (!text) return null;
  return (
    <Alert color="blue" variant="light" role="status" mb="sm" data-testid="ignored-filters">
      {text}
    </Alert>
  );
}
