import { AppShell, Burger, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Outlet, useFetcher, useLocation, useMatches } from "react-router";
import { Footer } from "~/components/footer";
import { PortalForm, SubmitButton } from "~/components/forms/form";
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
import { documentsNeedAttention } from "~/domain/documents";
import { layoutFor } from "~/domain/layout";
import { pendingTasksFor } from "~/domain/pending-tasks";
import { smsPromptShown } from "~/domain/sms-consent";
import { fullName } from "~/domain/user";
import { accessMiddleware, requireViewer } from "~/.server/guards";
import { viewerState } from "~/.server/viewer";
import { useRootData } from "~/root";
import type { Route } from "./+types/default";

const MENU_PARAM = "menu";

/** Every page under this layout is signed-in only and passes the shared access rule first. */
export const middleware: Route.MiddlewareFunction[] = [accessMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const state = viewerState(viewer);
  return {
    userName: fullName(viewer.user),
    menu: menuFor(state),
    logoutAs: logoutAsLabel(state),
    documentAlert: documentsNeedAttention(state),
    pendingTasks: pendingTasksFor(state),
    showSmsPrompt: smsPromptShown({ promptFlag: viewer.session.get("smsPrompt"), profile: viewer.profile }),
  };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  // A route's handle (domain/layout.ts): the Contract Now dialog is shown alone; the dashboard lists the tasks itself.
  const { fullScreen, pendingTasksBanner } = layoutFor(useMatches().map((m) => m.handle));
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
              // eslint-disable-next-line jsx-a11y/anchor-has-content -- Burger passes its lines and aria-label in props
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
              // A native tooltip: Mantine's Tooltip would bring its positioning library to every page (issue 10).
              <a
                href="/profile"
                aria-label="Documents need your attention"
                title="Documents need your attention"
                data-testid="document-alert"
              >
                <IconAlertTriangle color="var(--mantine-color-red-8)" aria-hidden />
              </a>
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
        {pendingTasksBanner ? <PendingTasksBanner tasks={loaderData.pendingTasks} /> : null}
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
