/**
 * The built sections' server halves, by key (issue 14, ADR 024): each section's own is
 * app/admin/sections/<key>/section.server.ts (its upstream calls; its shape, view and form beside it). The shared
 * route modules (app/routes/admin.section*.tsx) ask here for the one a URL names.
 */
import { ADMIN_SECTIONS } from "~/domain/admin/sections";
import { type SectionKey, isSectionKey } from "~/domain/admin/shapes";
import type { RouterContextProvider } from "react-router";
import { verdictFirstIfRoleRefuses } from "../guards";
import { notFound } from "./guard";
import type { SectionServer } from "./section-server";

export type { BulkOutcome, FormValues, SectionServer } from "./section-server";

const modules = import.meta.glob<{ server: SectionServer<{ id: number }> }>(
  "../../admin/sections/*/section.server.ts",
  { eager: true },
);

/** Every section folder's server half, by key (the folder's name). */
export const SECTION_SERVERS: Readonly<Partial<Record<string, SectionServer<{ id: number }>>>> = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [/sections\/([^/]+)\//.exec(path)?.[1] ?? path, module.server]),
);

/** The server half of a built section (every built section has one: admin-sections.test.ts). */
export function serverOf(key: SectionKey): SectionServer<{ id: number }> {
  const server = SECTION_SERVERS[key];
  if (!server) throw new Error(`The admin section ${key} has no section.server.ts`);
  return server;
}

/** The section a URL names, or the 404 page (an unknown section). */
export function sectionOr404(raw: string | undefined): SectionKey {
  if (isSectionKey(raw) && ADMIN_SECTIONS.some((s) => s.key === raw)) return raw;
  return notFound();
}

/**
 * The section a URL names, asked only once the session may open the admin area (issue 35): a non-administrator's
 * session gets the viewer's refusal before any section code is asked for anything. Unknown: the 404 page.
 */
export async function adminSectionOr404(
  request: Request,
  context: Readonly<RouterContextProvider>,
  raw: string | undefined,
): Promise<SectionKey> {
  await verdictFirstIfRoleRefuses(request, context);
  return sectionOr404(raw);
}
