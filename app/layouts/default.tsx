import { AppShell, Burger, Group, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Outlet, useFetcher, useLocation, useMatches } from "react-router";
import { Footer } from "~/components/footer";
import { PortalForm, SubmitButton } from "~/components/forms";
import { BrandLogo } from "~/components/brand-logo";
import { MainMenu } from "~/components/main-menu";
import { NoticeModal } from "~/components/notice-modal";
import { OfflineBanner } from "~/components/offline-banner";
import { PendingTasksBanner } from "~/components/pending-tasks-banner";
import { SMS_FETCHER_KEY, SmsConsentPrompt } from "~/components/sms-consent-prompt";
import { useFetcherToasts } from "~/components/toaster";
import type { Toast } from "~/domain/toast";
import { BRANDINGS } from "~/domain/branding";
import { logoutAsLabel, menuFor } from "~/domain/menu";
import { NOTICE_PARAM } from "~/domain/notice";
import { toggledParam } from "~/domain/url";

const MENU_PARAM = "menu";
import { pendingTasksFor } from "~/domain/pending-tasks";
import { fullName } from "~/domain/user";
import { accessMiddleware, requireViewer } from "~/.server/guards";
import { menuStateOf } from "~/.server/viewer";
import { useRootData } from "~/root";
import type { Route } from "./+types/default";

/** Every page under this layout is signed-in only and passes the shared access rule first. */
export const middleware: Route.MiddlewareFunction[] = [accessMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const state = menuStateOf(viewer);
  const smsConsent = viewer.profile?.smsConsent ?? null;
  return {
    userName: fullName(viewer.user),
    menu: menuFor(state),
    logoutAs: logoutAsLabel(state),
    documentAlert: viewer.documentNotifications.length > 0,
    pendingTasks: pendingTasksFor({
      user: viewer.user,
      documentNotificationCount: viewer.documentNotifications.length,
    }),
    // Spec §4: the prompt shows while the prompt flag is on and smsConsent is unanswered.
    showSmsPrompt: viewer.profile !== null && smsConsent === null && viewer.session.get("smsPrompt") !== false,
  };
}

/** A route whose handle says `fullScreen` (the Contract Now dialog) is shown alone, over nothing. */
export interface LayoutHandle {
  fullScreen?: boolean;
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  const fullScreen = useMatches().some((m) => (m.handle as LayoutHandle | undefined)?.fullScreen);
  // The SMS prompt disappears as soon as it is answered; its result's toast is shown from here.
  useFetcherToasts(useFetcher<{ toasts?: Toast[] }>({ key: SMS_FETCHER_KEY }).data);
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const noticeOpen = search.has(NOTICE_PARAM);
  // On phones the menu opens with a link to ?menu (so it works before hydration), then as a toggle.
  const [opened, { toggle, close }] = useDisclosure(search.has(MENU_PARAM));
  const menuToggleHref = toggledParam(location.pathname, location.search, MENU_PARAM);

  if (fullScreen) {
    // Nothing behind the dialog for keyboard or screen-reader users to wander into.
    return <Outlet />;
  }

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              renderRoot={(props) => <a {...props} href={menuToggleHref} />}
              opened={opened}
              onClick={(event) => {
                event.preventDefault();
                toggle();
              }}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
            />
            <BrandLogo branding={branding} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {loaderData.documentAlert ? (
              <Tooltip label="Documents need your attention">
                <a href="/profile" aria-label="Documents need your attention" data-testid="document-alert">
                  <IconAlertTriangle color="var(--mantine-color-red-8)" aria-hidden />
                </a>
              </Tooltip>
            ) : null}
            {loaderData.logoutAs ? (
              <PortalForm action="/account/logout_as_user">
                <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                <SubmitButton variant="light" color="orange" size="xs">
                  {loaderData.logoutAs}
                </SubmitButton>
              </PortalForm>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main menu">
        <MainMenu items={loaderData.menu} userName={loaderData.userName} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineBanner />
        {/* The dashboard lists the pending tasks itself. */}
        {location.pathname === "/dashboard" ? null : <PendingTasksBanner tasks={loaderData.pendingTasks} />}
        {loaderData.showSmsPrompt ? <SmsConsentPrompt /> : null}
        <div id="main" tabIndex={-1}>
          <Outlet />
        </div>
        <Footer branding={branding} />
      </AppShell.Main>
      <NoticeModal opened={noticeOpen} branding={branding} />
    </AppShell>
  );
}
