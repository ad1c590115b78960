/**
 * Where the shared admin pages find a section's view and form (ADR 024, issue 22): each is its own module in the
 * section's folder (app/admin/sections/<key>/view.tsx, form.ts), so each is its own script, loaded only on that
 * section's pages: an admin page carries its own section's code, however many sections exist. Loaded before the page
 * is drawn: by the route's loader on the server and by the client entry before hydration (loadSectionOfPath), so
 * both draw at once; on a navigation in the browser the page suspends until its section's script is there
 * (useSection: React Router's navigations are transitions, so the page before stays until then).
 */
import { use } from "react";
import type { SectionFormDef, SectionView } from "./section-view";

type AnyView = SectionView<{ id: number }>;
type AnyForm = SectionFormDef<{ id: number }>;

const viewModules = import.meta.glob<{ view: AnyView }>("../../admin/sections/*/view.tsx");
const formModules = import.meta.glob<{ form: AnyForm }>("../../admin/sections/*/form.ts");

const views = new Map<string, AnyView>();
const forms = new Map<string, AnyForm | null>();

const modulePath = (key: string, file: string) => `../../admin/sections/${key}/${file}`;

/** Whether the section has a view module (every built section does: admin-sections.test.ts). */
export function hasView(key: string): boolean {
  return Object.hasOwn(viewModules, modulePath(key, "view.tsx"));
}

const loading = new Map<string, Promise<void>>();

/** Loads the section's view, and its form (the new and record pages), once. */
export async function loadSection(key: string, withForm = false): Promise<void> {
  const id = `${key}${withForm ? "+form" : ""}`;
  let job = loading.get(id);
  if (!job) {
    job = loadParts(key, withForm);
    loading.set(id, job);
    // A failed load (a network fault) is tried again next time.
    job.catch(() => loading.delete(id));
  }
  return job;
}

async function loadParts(key: string, withForm: boolean): Promise<void> {
  const jobs: Array<Promise<unknown>> = [];
  const view = viewModules[modulePath(key, "view.tsx")];
  if (!views.has(key) && view) jobs.push(view().then((m) => views.set(key, m.view)));
  if (withForm && !forms.has(key)) {
    const form = formModules[modulePath(key, "form.ts")];
    jobs.push(form ? form().then((m) => forms.set(key, m.form)) : Promise.resolve(forms.set(key, null)));
  }
  await Promise.all(jobs);
}

/** The section's view and form for a page: at once when loaded, else the page suspends until they are. */
export function useSection(key: string, withForm = false): { view: AnyView; form: AnyForm | undefined } {
  if (!views.has(key) || (withForm && !forms.has(key))) use(loadSection(key, withForm));
  return { view: viewOf(key), form: formOf(key) };
}

/** The section's view, loaded before (loadSection). */
export function viewOf(key: string): AnyView {
  const view = views.get(key);
  if (!view) throw new Error(`The admin section ${key}'s view is not loaded`);
  return view;
}

/** The section's form, loaded before (loadSection with its form); undefined when the section has none. */
export function formOf(key: string): AnyForm | undefined {
  return forms.get(key) ?? undefined;
}

/**
 * The client entry's part: on a section's list, new or record page (/admin/<key>, /admin/<key>/new,
 * /admin/<key>/<id>, /admin/<key>/<id>/edit), its view (and form) before hydration; anything else under /admin (the
 * desk's review, a broker's pages) loads nothing.
 */
export async function loadSectionOfPath(pathname: string): Promise<void> {
  const match = /^\/admin\/([a-z_]+)(\/new|\/\d{1,9}|\/\d{1,9}\/edit)?\/?$/.exec(pathname);
  if (!match?.[1] || !hasView(match[1])) return Promise.resolve();
  return loadSection(match[1], match[2] !== undefined);
}
