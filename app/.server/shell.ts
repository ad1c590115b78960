import { documentsNeedAttention } from "~/domain/documents";
import { formatDate } from "~/domain/formats";
import { homeFor } from "~/domain/home";
import { logoutAsLabel, menuFor } from "~/domain/menu";
import { pendingTasksFor } from "~/domain/pending-tasks";
import type { ShellData } from "~/domain/shell";
import { smsPromptShown } from "~/domain/sms-consent";
import { fullName } from "~/domain/user";
import type { LoadedViewer } from "./viewer";
import { viewerState } from "./viewer";

/**
 * What the signed-in chrome (header, user menu, navigation) shows for this viewer: the default layout's
 * data, also carried by a 403 or 404 answer so those pages keep the user's menu (issue 11).
 */
export function shellData(viewer: LoadedViewer): ShellData {
  const state = viewerState(viewer);
  return {
    userName: fullName(viewer.user),
    email: viewer.user.email,
    home: homeFor(viewer.user),
    menu: menuFor(state),
    logoutAs: logoutAsLabel(state),
    documentAlert: documentsNeedAttention(state),
    pendingTasks: pendingTasksFor(state),
    showSmsPrompt: smsPromptShown({ promptFlag: viewer.session.get("smsPrompt"), profile: viewer.profile }),
    // Each notice's dates in words, here: the date library stays off every page's scripts (issue 22).
    notices: viewer.systemNotifications.map((n) => ({
      ...n,
      dates: n.endsAt ? `${formatDate(n.publishedAt)} · until ${formatDate(n.endsAt)}` : formatDate(n.publishedAt),
    })),
  };
}
