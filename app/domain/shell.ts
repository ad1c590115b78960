import type { MenuItem } from "./menu";
import type { NoticeDates } from "./system-notifications";
import type { PendingTask } from "./pending-tasks";

/** The signed-in chrome's data (app/.server/shell.ts shellData): who is signed in, their home, their menu. */
export interface ShellData {
  userName: string;
  email: string;
  /** The user's home (spec §2 "Home per user"). */
  home: string;
  menu: MenuItem[];
  /** "Logout As {name}" while an admin impersonates. */
  logoutAs: string | null;
  documentAlert: boolean;
  pendingTasks: PendingTask[];
  showSmsPrompt: boolean;
  /** The system notifications the banner shows (issue 22 §2.3): addressed to the user, not dismissed, not ended. */
  notices: Array<
    NoticeDates & {
      id: number;
      title: string;
      message: string;
      severity: "info" | "warning" | "critical";
      /** Its dates as the banner shows them ("11/02/2026 · until 11/30/2026"), written by the server. */
      dates: string;
    }
  >;
}

/** The chrome carried by an error answer (a 403 or 404 for a signed-in user), when it carries one. */
export function shellOfError(data: unknown): ShellData | null {
  if (data && typeof data === "object" && "shell" in data) {
    const shell = (data as { shell: unknown }).shell;
    if (shell && typeof shell === "object" && "menu" in shell && "userName" in shell) return shell as ShellData;
  }
  return null;
}

/**
 * The page's name for the phone header (issue 11): the label of the menu entry that leads to this path, so
 * a phone shows where the user is without the navigation open. Null for a page the menu does not list.
 */
export function pageTitleFor(menu: MenuItem[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const item of menu) {
    if (!item.newWindow && new URL(item.to, "http://portal").pathname === path) return item.label;
    const child = item.children ? pageTitleFor(item.children, pathname) : null;
    if (child) return child;
  }
  return null;
}
