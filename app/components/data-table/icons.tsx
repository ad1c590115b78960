/**
 * The data table's icons (Tabler's), drawn once per table as symbols that every header, select and row menu uses
 * by reference: a sort icon, a select's chevron or the row menu's dots is one `<use>` instead of its paths
 * (issue 21: repeated icons were kilobytes of every table page).
 */
export const TABLE_ICON = {
  sort: "dt-sort",
  sortUp: "dt-sort-up",
  sortDown: "dt-sort-down",
  chevron: "dt-chevron",
} as const;

const STROKE = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function TableIcons() {
  return (
    <svg className="svg-defs" aria-hidden="true" focusable="false">
      <symbol id={TABLE_ICON.sort} {...STROKE}>
        <path d="M3 9l4 -4l4 4m-4 -4v14" />
        <path d="M21 15l-4 4l-4 -4m4 4v-14" />
      </symbol>
      <symbol id={TABLE_ICON.sortUp} {...STROKE}>
        <path d="M12 5l0 14" />
        <path d="M18 11l-6 -6" />
        <path d="M6 11l6 -6" />
      </symbol>
      <symbol id={TABLE_ICON.sortDown} {...STROKE}>
        <path d="M12 5l0 14" />
        <path d="M18 13l-6 6" />
        <path d="M6 13l6 6" />
      </symbol>
      {/* Mantine's ComboboxChevron (what NativeSelect draws), for the filter and per-page selects. */}
      <symbol id={TABLE_ICON.chevron} viewBox="0 0 15 15" fill="none">
        <path
          d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </symbol>
    </svg>
  );
}

/** One of the table's icons by reference (decorative: hidden from assistive technology). */
export function TableIcon({ name, size, className }: { name: string; size: number; className?: string }) {
  return (
    <svg width={size} height={size} className={className} aria-hidden="true">
      <use href={`#${name}`} />
    </svg>
  );
}
