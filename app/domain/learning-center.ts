/**
 * The Learning Center (spec §2 "Learning center": /learning_center with agent_resources, documentation_resources,
 * enrollment_resources, their :id pages and carrier_resources/:id?). Pure: the libraries, their URLs, the list's
 * shape in the URL (ADR 020), and small rules the pages and the reference API share.
 */
import type { ListShape } from "./list-query";
export { pathId } from "./url";

/** The three libraries, as the upstream names them. */
export const LEARNING_LIBRARIES = ["agent", "documentation", "enrollment"] as const;
export type LearningLibrary = (typeof LEARNING_LIBRARIES)[number];

export interface LibraryInfo {
  library: LearningLibrary;
  /** The spec §2 child route: /learning_center/<slug>. */
  slug: `${LearningLibrary}_resources`;
  title: string;
  /** What the hub says the library holds. */
  blurb: string;
}

export const LIBRARIES: readonly LibraryInfo[] = [
  {
    library: "agent",
    slug: "agent_resources",
    title: "Agent Resources",
    blurb: "Guides, training and marketing material for selling each carrier's plans.",
  },
  {
    library: "documentation",
    slug: "documentation_resources",
    title: "Documentation Resources",
    blurb: "Plan documents, forms, compliance rules and policy references.",
  },
  {
    library: "enrollment",
    slug: "enrollment_resources",
    title: "Enrollment Resources",
    blurb: "Enrollment checklists, election periods and how to submit applications.",
  },
];

export const LEARNING_CENTER_HREF = "/learning_center";
export const CARRIER_RESOURCES_HREF = "/learning_center/carrier_resources";

export function libraryInfo(library: LearningLibrary): LibraryInfo {
  const found = LIBRARIES.find((l) => l.library === library);
  if (!found) throw new Error(`unknown library ${String(library)}`);
  return found;
}

/** The library a path names (/learning_center/<slug>…), or null. */
export function libraryOfPath(pathname: string): LibraryInfo | null {
  const slug = pathname.split("/")[2] ?? "";
  return LIBRARIES.find((l) => l.slug === slug) ?? null;
}

export function libraryHref(library: LearningLibrary): string {
  return `${LEARNING_CENTER_HREF}/${libraryInfo(library).slug}`;
}

export function resourceHref(library: LearningLibrary, id: number): string {
  return `${libraryHref(library)}/${id}`;
}

/** The portal's download of an attachment: under /learning_center, so its access rule covers it. */
export function attachmentHref(library: LearningLibrary, resourceId: number, attachmentId: number): string {
  return `${resourceHref(library, resourceId)}/attachments/${attachmentId}`;
}

export function carrierResourceHref(carrierProductId: number): string {
  return `${CARRIER_RESOURCES_HREF}/${carrierProductId}`;
}

/** The columns a library list sorts by (the upstream's sort names). */
export const LEARNING_SORTABLE = ["title", "category", "carrierName", "productName", "updatedAt"] as const;
export type LearningSortColumn = (typeof LEARNING_SORTABLE)[number];

/** A library list in the URL (ADR 020): the table's state, filtered by carrier and product. */
export const LEARNING_LIST: ListShape = {
  sortable: LEARNING_SORTABLE,
  filters: { carrierId: "id", productId: "id" },
};

/** The hub's search: how many resources it shows at most. */
export const HUB_SEARCH_LIMIT = 10;

/** Carriers whose name contains the search (case-insensitive), for the hub's search. */
export function matchingCarriers<T extends { carrierName: string }>(carriers: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  return carriers.filter((c) => c.carrierName.toLowerCase().includes(needle));
}

/** "1.2 MB", "340 KB", "12 bytes": the size shown beside an attachment. */
export function fileSizeLabel(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? "" : "s"}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The kind of an attachment as a reader says it: "PDF", "PNG image", … */
export function fileKindLabel(contentType: string): string {
  const type = (contentType.toLowerCase().split(";")[0] ?? "").trim();
  if (type === "application/pdf") return "PDF";
  if (type.startsWith("image/")) return `${type.slice(6).toUpperCase().replace("JPEG", "JPG")} image`;
  return "File";
}

/** An external link the page may show: http(s) only (never javascript:, data: …). */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
