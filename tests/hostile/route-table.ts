import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { ADMIN_SECTIONS } from "../../app/domain/admin/sections";
import { SECTION_SHAPES } from "../../app/domain/admin/shapes";
import { COMPLIANCE_DOCUMENT_KINDS } from "../../app/domain/compliance-documents";
import { LIBRARIES } from "../../app/domain/learning-center";

/**
 * The URLs the access sweep (access-sweep.test.ts) sends, generated from the route table itself (app/routes.ts,
 * imported: the RouteConfig array its `route`/`index`/`layout` helpers build) and the admin section catalogue
 * (ADMIN_SECTIONS and SECTION_SHAPES), so that a route added later is swept without anyone listing it here. Pure.
 */

/** One route of the table: its full path pattern ("/admin/:section/:id/edit"), and whether it is an index route. */
export interface RoutePattern {
  pattern: string;
  index: boolean;
  /** The route module, relative to app/. */
  file: string;
}

/** Every route of the table with a URL of its own (layouts without a path add none), in table order. */
export function routePatterns(entries: readonly RouteConfigEntry[] = routes, parent = ""): RoutePattern[] {
  const found: RoutePattern[] = [];
  for (const entry of entries) {
    const full = entry.path === undefined ? parent : joinPath(parent, entry.path);
    if (entry.index) found.push({ pattern: parent === "" ? "/" : parent, index: true, file: entry.file });
    else if (entry.path !== undefined) found.push({ pattern: full, index: false, file: entry.file });
    if (entry.children) found.push(...routePatterns(entry.children, full));
  }
  return found;
}

function joinPath(parent: string, path: string): string {
  const joined = `${parent}/${path}`.replace(/\/+/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

/** Ids a record URL names: one the seed has, and one no upstream has (larger than any seeded id). */
export const IDS = ["1", "999999999"];

/**
 * Every key `:section` is swept with: the catalogue's (ADMIN_SECTIONS, SECTION_SHAPES), every first segment the
 * table's own /admin routes name (brokers, …: so /admin/brokers/export is swept too), and one that is no section.
 */
export function sectionKeys(patterns: readonly RoutePattern[] = routePatterns()): string[] {
  const keys = new Set<string>([...ADMIN_SECTIONS.map((s) => s.key), ...Object.keys(SECTION_SHAPES)]);
  for (const { pattern } of patterns) {
    const first = /^\/admin\/([^/:*]+)/.exec(pattern)?.[1];
    if (first) keys.add(first);
  }
  keys.add("no_such_section");
  return [...keys].sort();
}

/** The values each named parameter is swept with; any other parameter (an id of any kind) gets IDS. */
function valuesOf(name: string, sections: readonly string[]): string[] {
  switch (name) {
    case "section":
      return [...sections];
    case "library":
      return [...LIBRARIES.map((l) => l.slug), "no_such_library"];
    case "kind":
      return [...COMPLIANCE_DOCUMENT_KINDS, "no_such_kind"];
    case "step":
      // The onboarding steps come from the upstream; two the seed's onboarding has, and one it has not.
      return ["personal", "legal", "no_such_step"];
    case "token":
    case "invitation_token":
      return ["not-a-token"];
    default:
      return IDS;
  }
}

/**
 * The concrete paths of one pattern: every value of every parameter (an optional one also left out); with `pick`,
 * one path only, the pick-th value of each parameter (wrapping; -1 is the last: the id no record has, the key no
 * section has), so that a few viewers between them take different section keys, ids and libraries.
 */
export function expandPattern(pattern: string, sections: readonly string[] = sectionKeys(), pick?: number): string[] {
  let paths = [""];
  for (const segment of pattern.split("/").filter(Boolean)) {
    let options: Array<string | null>;
    if (segment === "*") options = ["no/such/page"];
    else if (segment.startsWith(":")) {
      const optional = segment.endsWith("?");
      const name = segment.slice(1).replace(/\?$/, "");
      options = [...(optional ? [null] : []), ...valuesOf(name, sections)];
    } else options = [segment];
    if (pick !== undefined) options = [options[((pick % options.length) + options.length) % options.length]!];
    paths = paths.flatMap((path) => options.map((option) => (option === null ? path : `${path}/${option}`)));
  }
  return [...new Set(paths.map((path) => path || "/"))];
}

/** The URL React Router's single fetch asks a path's loader data (GET) or action (POST) of: `<path>.data`. */
export function dataUrlOf(path: string): string {
  return path === "/" ? "/_root.data" : `${path}.data`;
}

/** One URL the sweep sends, with the page path the portal's access rule reads (the `.data` suffix removed). */
export interface SweepUrl {
  url: string;
  /** The pathname the router matches and canOpen reads. */
  pathname: string;
  /** A single-fetch (turbo-stream) request. */
  data: boolean;
}

/** One concrete page of a pattern: its document URL and its `.data` twin. */
export interface SweepPage {
  pattern: string;
  document: SweepUrl;
  data: SweepUrl;
}

/**
 * The concrete pages of the route table: each pattern expanded (all values, or the pick-th one); an index route's
 * also with `?index` (how a POST reaches the index route's action rather than its parent's). Distinct URLs only.
 */
export function sweepPages(patterns: readonly RoutePattern[] = routePatterns(), pick?: number): SweepPage[] {
  const sections = sectionKeys(patterns);
  const pages = new Map<string, SweepPage>();
  for (const { pattern, index } of patterns) {
    for (const path of expandPattern(pattern, sections, pick)) {
      for (const search of index ? ["", "?index"] : [""]) {
        const url = `${path}${search}`;
        if (pages.has(url)) continue;
        pages.set(url, {
          pattern,
          document: { url, pathname: path, data: false },
          data: { url: `${dataUrlOf(path)}${search}`, pathname: path, data: true },
        });
      }
    }
  }
  return [...pages.values()];
}

/** Routes that end the session they are sent with (sign-out, the end of a "Sign in as"): swept last. */
export function endsSession(pathname: string): boolean {
  return pathname === "/account/logout" || pathname === "/account/logout_as_user";
}

/** The admin area (spec §2 /admin and below): only an administrator signed in as themselves may open it. */
export function inAdminArea(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
