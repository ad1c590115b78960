import type { ReactNode } from "react";
import type { FormSchema } from "~/components/forms/use-portal-form";
import type { Column } from "~/components/data-table";
import type { SectionKey } from "~/domain/admin/shapes";

/**
 * One field of a section's form, drawn by SectionFormFields with the shared form layer. A select's options are
 * a facet of the list (`facet`: the upstream's choices, e.g. every role) or fixed ones.
 */
export type FieldDef =
  | { name: string; label: string; kind: "text" | "email" | "textarea"; description?: string; wide?: boolean }
  | { name: string; label: string; kind: "phone"; description?: string }
  | {
      name: string;
      label: string;
      kind: "select";
      options: { facet: string } | ReadonlyArray<{ value: string; label: string }>;
      /** The empty choice's label (an optional select); absent: a value must be chosen. */
      emptyLabel?: string;
      description?: string;
    }
  | {
      name: string;
      label: string;
      kind: "checkbox";
      description?: string;
      /** Checkboxes of one group are drawn together under this legend (a quote tool provider's roles). */
      group?: string;
    }
  /** HTML: a textarea without JavaScript, the rich-text editor once hydrated (its own chunk; ADR 026). */
  | { name: string; label: string; kind: "richtext"; description?: string }
  /** A day typed as MM/DD/YYYY or picked from a calendar (DateField). */
  | { name: string; label: string; kind: "date"; description?: string }
  /** A write-only secret: always empty on the form, never sent back in a page (the routes hide it). */
  | { name: string; label: string; kind: "secret"; description?: string };

/** A bulk action of a list: its button, its confirmation, its toast. */
export interface BulkDef {
  label: string;
  confirmTitle: string;
  confirmButton: string;
  intro: string;
  /** The success toast: how many of the chosen were done. */
  doneText: (done: number, chosen: number) => string;
  /** The confirmation's own fields (a state, notes; the server half's bulkSchema checks them). */
  fields?: readonly FieldDef[];
}

/**
 * A section's pages as the browser draws them (issue 14, ADR 024): the list's columns, filters and row actions,
 * the form's fields and schema, the record page's facts. The server half (app/.server/admin/sections.ts) holds the
 * upstream calls; the shape (sort keys, filter rules, URLs) is app/domain/admin/shapes.ts.
 */
export interface SectionView<Row extends { id: number }, Above = never> {
  key: SectionKey;
  /** The page title: "Users". */
  title: string;
  /** "user": New user, "Delete this user?". */
  singular: string;
  /** One sentence under the title: what the section is for. */
  intro: string;
  /** The section's own pages as tabs, under the intro (e-mail communications: templates, log, composer). */
  nav?: ReactNode;
  columns: Column<Row>[];
  /** On a phone the list's rows are cards (DataTable `stack`); every admin list's are unless false (issue 37). */
  stack?: boolean;
  /**
   * The list's first cell links to the record's page, the one the row menu's Edit opens: a row menu with nothing
   * else in it is not drawn (issue 37 §2).
   */
  linksRecord?: boolean;
  /**
   * The list's filters; `emptyLabel`: the filter's empty choice (default "All"), when empty means a default;
   * `kind` "day": a day typed or picked (a date range's end, the shape's rule "day") instead of a choice.
   */
  filters: ReadonlyArray<{ name: string; label: string; emptyLabel?: string; kind?: "day" }>;
  /**
   * Drawn between the intro and the table of the list page, from what the server half's list gave as `above` (a
   * report's chart and where it stands, issue 23): absent, or no `above`, nothing.
   */
  aboveList?: (above: Above) => ReactNode;
  rowLabel: (row: Row) => string;
  /** Delete is offered for the row (the upstream still decides). Absent: no delete in this section. */
  canDelete?: (row: Row) => boolean;
  /** The row menu's other actions. */
  rowMore?: (row: Row) => ReactNode;
  /** The bulk action on the selected rows (with a confirmation first). */
  bulk?: BulkDef;
  /**
   * Further bulk actions, by key (the list URL's `bulk=<key>`; the server half's `bulkMore` does them): users'
   * Enable and Change role beside Disable.
   */
  bulkMore?: Readonly<Record<string, BulkDef>>;
  /** Nothing yet: what to do next. */
  empty: string;
  noMatch: string;
  /** The row menu's link to the record page (default Edit). */
  editLabel?: string;
  recordTitle: (record: Row) => string;
  /** Facts shown beside the edit form (read-only). */
  recordFacts?: (record: Row) => Array<{ label: string; value: ReactNode }>;
  /** More panels of the record page (a user's password reset). */
  recordActions?: (record: Row) => ReactNode;
}

/** A section's form: the fields and schemas of its new and record pages. */
export interface SectionFormDef<Row> {
  newSchema: FormSchema;
  editSchema: FormSchema;
  fields: readonly FieldDef[];
  /** Fields only the record page has (a status), for this record. */
  editFields?: (record: Row) => readonly FieldDef[];
  /** What the new page says under its title. */
  newIntro?: string;
  /** The toast once created, from the form's values. */
  createdText: (value: Record<string, unknown>) => string;
}

/** The form's fields whose values never come back in a page (kind "secret"). */
export function hiddenFieldsOf(fields: readonly FieldDef[]): string[] {
  return fields.filter((f) => f.kind === "secret").map((f) => f.name);
}
