import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formOf, hasView, loadSection, loadSectionOfPath, viewOf } from "~/components/admin/section-registry";
import { SECTION_SERVERS } from "~/.server/admin/sections";
import { ADMIN_SECTIONS } from "~/domain/admin/sections";
import { SECTION_SHAPES } from "~/domain/admin/shapes";

/** ADR 024 (issue 22): a section is one folder, app/admin/sections/<key>/, and its line in the catalogue. */
const SECTIONS = join(import.meta.dirname, "sections");
const folders = readdirSync(SECTIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("an admin section is one folder", () => {
  it("every folder is a section of spec §2 and is in the catalogue; every catalogued shape has its folder", () => {
    expect(folders.length).toBeGreaterThanOrEqual(4);
    for (const key of folders) {
      expect(
        ADMIN_SECTIONS.map((s) => s.key),
        key,
      ).toContain(key);
      expect(Object.keys(SECTION_SHAPES), key).toContain(key);
    }
    expect(Object.keys(SECTION_SHAPES).sort()).toEqual([...folders].sort());
    // The navigation's sections are the shapes' catalogue.
    expect(ADMIN_SECTIONS.map((s) => s.key).sort()).toEqual(Object.keys(SECTION_SHAPES).sort());
  });

  it("a built section has its shape, records, view, upstream contract and server half side by side", () => {
    for (const key of Object.keys(SECTION_SHAPES)) {
      for (const part of ["shape.ts", "records.ts", "view.tsx", "contract.server.ts", "section.server.ts"])
        expect(existsSync(join(SECTIONS, key, part)), `${key}/${part}`).toBe(true);
      expect(SECTION_SERVERS[key], key).toBeDefined();
      expect(hasView(key), key).toBe(true);
    }
  });

  it("a section with a new page has a form", async () => {
    for (const [key, shape] of Object.entries(SECTION_SHAPES)) {
      if (!shape.creatable) continue;
      await loadSection(key, true);
      expect(formOf(key)?.fields.length, key).toBeGreaterThan(0);
    }
  });

  it("the views are loaded on demand, by the section's pages' paths", async () => {
    await loadSectionOfPath("/admin/roles");
    expect(viewOf("roles").title).toBe("Roles");
    await loadSectionOfPath("/admin/rts_statuses/3");
    expect(viewOf("rts_statuses").title).toBe("RTS statuses");
    expect(formOf("rts_statuses")?.fields.map((f) => f.name)).toContain("statusCode");
    // Not a section's list, new or record page: nothing is loaded (and nothing fails).
    await expect(loadSectionOfPath("/admin/brokers/12/contracts")).resolves.toBeUndefined();
    await expect(loadSectionOfPath("/admin/contracting/edit/4")).resolves.toBeUndefined();
    await expect(loadSectionOfPath("/admin/no_such_section")).resolves.toBeUndefined();
    expect(() => viewOf("no_such_section")).toThrow(/not loaded/);
  });
});
