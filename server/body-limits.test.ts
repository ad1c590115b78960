import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { LARGE_FILE_FORMS, bodyLimit, fileFormBytes } from "../app/.server/body-limits";
import { FORM_LIMITS } from "../app/.server/form-limits";
import routes from "../app/routes";
import { CARRIER_IMPORT_LIMITS } from "./reference-api/carrier-imports/imports";
import { IMPORT_LIMITS } from "./reference-api/commission-statements/imports";
import { SUNFIRE_IMPORT_LIMITS } from "./reference-api/sunfire-imports/imports";
import { routeIdOf } from "./request-handler";

/** app/routes.ts as the build's route table has it (the id: the file without its extension, unless given). */
function buildRoutes() {
  const table: Parameters<typeof routeIdOf>[0]["routes"] = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      table[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
      };
      add(entry.children ?? [], id);
    }
  };
  add(routes, "root");
  return table;
}
const build = { routes: buildRoutes(), basename: "/" };
const MULTIPART = "multipart/form-data; boundary=x";
const limitAt = (path: string, contentType = MULTIPART) => bodyLimit(contentType, routeIdOf(build, path));

/**
 * Issue 35 §1: a form's body limit is its route's, whichever of its routes it is posted to — the page's action
 * (the plain post) or the route JavaScript sends it to (the upload's progress) — and whatever the path's form.
 */
describe("a form's body limit, by the route React Router runs", () => {
  it("every route of LARGE_FILE_FORMS is one of app/routes.ts, and each form has its page and its JavaScript route", () => {
    for (const [form, { routes: ids }] of Object.entries(LARGE_FILE_FORMS)) {
      for (const id of ids) expect(build.routes[id], `${form}: ${id}`).toBeDefined();
      expect(ids, form).toHaveLength(2);
    }
  });

  it.each([
    ["/admin/commission_statements/import", 50],
    ["/admin/commission_statements/import/upload", 50],
    ["/admin/carrier_imports/upload", 50],
    ["/admin/carrier_imports/upload/send", 50],
    ["/admin/sunfire_imports/new", 50],
    ["/admin/sunfire_imports/new/upload", 50],
    // React Router's data request and a trailing slash reach the same route.
    ["/admin/carrier_imports/upload.data", 50],
    ["/admin/sunfire_imports/new/", 50],
  ])("%s: a file of up to %i MB", (path, mb) => {
    expect(limitAt(path)).toBe(fileFormBytes(mb));
  });

  it.each([
    // Another section's new record (admin/:section/new), a broker's documents, a page unknown: the usual 30 MB.
    "/admin/agents/new",
    "/admin/brokers/12/documents",
    "/admin/carrier_imports/12",
    "/contact_support",
    "/no/such/page",
    "/admin/%C0%AF",
  ])("%s: 30 MB, as every other form with files", (path) => {
    expect(limitAt(path)).toBe(FORM_LIMITS.multipartBytes);
  });

  it("a form without files has 64 KB, at an upload's route too", () => {
    expect(limitAt("/admin/carrier_imports/upload", "application/x-www-form-urlencoded")).toBe(FORM_LIMITS.formBytes);
    expect(limitAt("/admin/carrier_imports/upload", "text/csv")).toBe(FORM_LIMITS.formBytes);
  });

  it("the pages' numbers agree with what the upstream takes (docs/upstream-api.md: at most 50 MB)", () => {
    const MB = 1024 * 1024;
    expect(LARGE_FILE_FORMS["commission statement import"].fileMb * MB).toBe(IMPORT_LIMITS.maxBytes);
    expect(LARGE_FILE_FORMS["carrier file import"].fileMb * MB).toBe(CARRIER_IMPORT_LIMITS.maxBytes);
    expect(LARGE_FILE_FORMS["Sunfire export import"].fileMb * MB).toBe(SUNFIRE_IMPORT_LIMITS.maxBytes);
  });
});
