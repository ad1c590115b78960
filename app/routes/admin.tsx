import { Stack } from "@mantine/core";
import { Link, Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { ReactNode } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ErrorPage } from "~/components/error-page";
import { ADMIN_GROUPS, sectionOfPath, sectionsOf } from "~/domain/admin/sections";
import { type Crumb, crumbsOf } from "~/domain/admin/crumbs";
import { requireAdmin } from "~/.server/admin/guard";
import type { Route } from "./+types/admin";

/** Every page under /admin: an administrator's own session only (the layout's access rule, then this). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { admin: true };
}

/**
 * The sections' navigation: every section of spec §2, grouped by job, in the switcher above the page (ADR 043).
 */
function AdminNav({ current }: { current: string | null }) {
  const { pathname } = useLocation();
  const home = pathname === "/admin" || pathname === "/admin/";
  return (
    <nav aria-label="Admin sections" className="admin-nav">
      <Link to="/admin" className="admin-nav-link" aria-current={home ? "page" : undefined}>
        Admin Tools
      </Link>
      {ADMIN_GROUPS.map((group) => (
        <div key={group}>
          <h2 className="admin-nav-heading">{group}</h2>
          <ul aria-label={group}>
            {sectionsOf(group).map((section) => (
              <li key={section.key}>
                <Link
                  to={`/admin/${section.key}`}
                  className="admin-nav-link"
                  aria-current={current === section.key ? "page" : undefined}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The trail of a page below a section: Admin › Section › … › this page (from the matched routes' handles). */
function AdminTrail({ crumbs }: { crumbs: Crumb[] }) {
  const current = crumbs.at(-1);
  if (!current || crumbs.length < 2) return null;
  return (
    <Breadcrumbs
      steps={crumbs.slice(0, -1).map((c) => ({ to: c.to ?? "/admin", label: c.label }))}
      current={current.label}
    />
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const current = sectionOfPath(pathname)?.key ?? null;
  const crumbs = crumbsOf(useMatches());
  return (
    <div className="admin-frame">
      {/* One navigation column, the main menu's (ADR 043): the sections are a compact switcher at every width, a
          disclosure that opens without JavaScript into a panel over the page, on one bar with the trail (issue 37
          §3: the page's heading in the top 320 px of a phone). Keyed by the path, so a section chosen closes it. */}
      <div className="admin-bar">
        <details className="admin-switcher" key={pathname}>
          <summary>
            {/* "Sections" on a phone, "Admin sections" to a screen reader and from 48em (app.css). */}
            <span>
              <span className="admin-switcher-scope">Admin </span>
              <span className="admin-switcher-word">sections</span>
            </span>
            {/* Tabler's chevron-down, drawn here: importing the icon would split it out of the shared chunk of
                every page (first-load budget). */}
            <svg className="admin-nav-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 9l6 6l6 -6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <AdminNav current={current} />
        </details>
        <AdminTrail crumbs={crumbs} />
      </div>
      <div className="admin-page">
        <Stack gap="md">{children}</Stack>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

/** A record that is not there, a refused write's page, the upstream down: inside the admin frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Refused here (not an administrator): the page alone, never the admin navigation.
  const admin = useRouteLoaderData<typeof loader>("routes/admin");
  if (!admin) return <ErrorPage error={error} inLayout />;
  return (
    <AdminFrame>
      <ErrorPage error={error} inLayout />
    </AdminFrame>
  );
}
