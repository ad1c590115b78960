/**
 * The admin area's breadcrumbs (issue 14): each admin route module's `handle.crumbs(loaderData)` names the steps
 * it adds (a section, a record, a sub-page); the admin layout draws them in route order, under "Admin Tools".
 */
export interface Crumb {
  label: string;
  /** Absent on the page itself (the last step). */
  to?: string;
}

export interface CrumbHandle {
  crumbs: (data: unknown) => Crumb[];
}

function isCrumbHandle(handle: unknown): handle is CrumbHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as CrumbHandle).crumbs === "function";
}

/** Admin, then every matched route's steps (a route whose data is missing adds none). */
export function crumbsOf(matches: ReadonlyArray<{ handle: unknown; loaderData?: unknown; data?: unknown }>): Crumb[] {
  const steps: Crumb[] = [{ label: "Admin Tools", to: "/admin" }];
  for (const match of matches) {
    const data = match.loaderData ?? match.data;
    if (isCrumbHandle(match.handle) && data != null) steps.push(...match.handle.crumbs(data));
  }
  return steps;
}
