import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ComponentType, ReactNode } from "react";
import { Form, Link } from "react-router";
import type { PagingMeta } from "~/domain/table";

/**
 * The parts of a file import's page (a statement import, a carrier import, a Sunfire import; ADR 032), each page
 * saying its own figures in them: the heading, the refusal, the preview's decision, the results' links and the rows,
 * a page at a time. Where the import stands is ImportProgress (import-progress.tsx). They ride with the admin frame's
 * script (vite.config.ts, the "admin" tier).
 */

export const rowsText = (n: number, row = "row") => `${n.toLocaleString("en-US")} ${n === 1 ? row : `${row}s`}`;

/** The page's heading: what was imported, its status tag and its facts. */
export function ImportHeading({ title, tag, children }: { title: ReactNode; tag: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} className="import-heading">
        {title}
      </Title>
      <Group gap="xs">
        {tag}
        <Text size="sm">{children}</Text>
      </Group>
    </Stack>
  );
}

/** A refused file: why, and the earlier import or statement of the same file where there is one. */
export function ImportRefused({ problem, children }: { problem: string | null; children?: ReactNode }) {
  return (
    <Alert color="red" title="The file was not imported" role="alert">
      <Text>{problem}</Text>
      {children}
    </Alert>
  );
}

/**
 * The preview: its counts (a list), what happens to each kind of row, and the decision (import, or discard), each a
 * plain form sent with the page's `button` (the form layer's SubmitButton: busy while it is sent, so a double click
 * sends one; passed in, as its script is the form layer's, not the admin frame's).
 */
export function ImportPreview({
  counts,
  note,
  confirmLabel,
  button: Submit,
}: {
  counts: ReactNode;
  note?: ReactNode;
  confirmLabel: string;
  button: ComponentType<{ children: ReactNode; variant?: "default" }>;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="preview-title">
          Preview
        </Title>
        <ul className="plain-list" data-testid="import-counts">
          {counts}
        </ul>
        {note ? <Text>{note}</Text> : null}
        <Group>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <Submit>{confirmLabel}</Submit>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="discard" />
            <Submit variant="default">Discard</Submit>
          </Form>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The results: their figures, the results' CSV and the rows by outcome (`here?outcome=`). */
export function ImportResults<O extends string>({
  here,
  outcomes,
  labels,
  outcome,
  summary,
  children,
}: {
  here: string;
  outcomes: readonly O[];
  labels: Record<O, string>;
  outcome: O | null;
  summary: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="results-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="results-title">
          Results
        </Title>
        <Text data-testid="import-outcomes">{summary}.</Text>
        {children}
        <Group gap="md">
          <a className="anchor" href={`${here}/results.csv`} download>
            Download the results (CSV)
          </a>
          <nav aria-label="Rows by outcome">
            <Link to={here} aria-current={outcome === null ? "page" : undefined}>
              All rows
            </Link>
            {outcomes.map((o) => (
              <span key={o}>
                {" · "}
                <Link to={`${here}?outcome=${o}`} aria-current={outcome === o ? "page" : undefined}>
                  {labels[o]}
                </Link>
              </span>
            ))}
          </nav>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The import's rows (`children`: the page's table of them, or what it says when there are none), a page at a time
 * (`pageHref`). The table is the page's: the plain table's script is not the admin frame's.
 */
export function ImportRows({
  title,
  children,
  meta,
  pageHref,
}: {
  title: string;
  children: ReactNode;
  meta: Pick<PagingMeta, "currentPage" | "totalPages">;
  pageHref: (page: number) => string;
}) {
  return (
    <section aria-labelledby="rows-title">
      <Title order={2} size="h4" id="rows-title" mb="xs">
        {title}
      </Title>
      {children}
      {meta.totalPages > 1 ? (
        <Group gap="sm" mt="xs">
          {meta.currentPage > 1 ? <Link to={pageHref(meta.currentPage - 1)}>Previous page</Link> : null}
          <Text size="sm">
            Page {meta.currentPage} of {meta.totalPages}
          </Text>
          {meta.currentPage < meta.totalPages ? <Link to={pageHref(meta.currentPage + 1)}>Next page</Link> : null}
        </Group>
      ) : null}
    </section>
  );
}

/** The href of a page of rows (and the outcome shown). */
export const rowsPageHref = (here: string, outcome: string | null) => (page: number) =>
  `${here}?${new URLSearchParams({ page: String(page), ...(outcome ? { outcome } : {}) })}`;
