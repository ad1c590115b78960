import { AppShell, Burger } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { Footer } from "~/components/footer";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import { MainMenu } from "~/components/main-menu";
import { NoticeModal } from "~/components/notice-modal";
import { OfflineBanner } from "~/components/offline-banner";
import { PendingTasksBanner } from "~/components/pending-tasks-banner";
import { SMS_FETCHER_KEY, SmsConsentPrompt } from "~/components/sms-consent-prompt";
import { SystemNotifications } from "~/components/system-notifications";
import { useFetcherToasts } from "~/components/toaster";
import { UserMenu } from "~/components/user-menu";
import { BRANDINGS } from "~/domain/branding";
import type { MenuItem } from "~/domain/menu";
import { NOTICE_PARAM } from "~/domain/notice";
import { type ShellData, pageTitleFor } from "~/domain/shell";
import type { Toast } from "~/domain/toast";
import { toggledParam } from "~/domain/url";
import { useRootData } from "~/root";

const MENU_PARAM = "menu";

/** The entries the header's user menu holds instead of the navigation: Logout (and a copy of Profile). */
function userMenuEntries(menu: MenuItem[]) {
  const profile = menu.find((item) => item.key === "profile" || item.key === "basicProfile") ?? null;
  const logout = menu.find((item) => item.action === "logout") ?? null;
  return { profile, logout, navigation: menu.filter((item) => item.action !== "logout") };
}

/**
 * The signed-in chrome (spec §2 default layout): header with the user menu, navigation, banners, footer and
 * the notice modal. The default layout draws its pages in it; its error pages (a 403, a 404, a failed page)
 * are drawn in it too, so one wrong click never loses the user's place (issue 11).
 */
export function PortalShell({
  shell,
  pendingTasksBanner = true,
  prompts = true,
  children,
}: {
  shell: ShellData;
  /** The dashboard lists the pending tasks itself. */
  pendingTasksBanner?: boolean;
  /** The SMS prompt (not on an error page). */
  prompts?: boolean;
  children: ReactNode;
}) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  // The SMS prompt disappears as soon as it is answered; its result's toast is shown from here.
  useFetcherToasts(useFetcher<{ toasts?: Toast[] }>({ key: SMS_FETCHER_KEY }).data);
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const noticeOpen = search.has(NOTICE_PARAM);
  // On phones the menu opens with a link to ?menu (so it works before hydration), then as a toggle.
  const [opened, { toggle, close }] = useDisclosure(search.has(MENU_PARAM));
  const menuToggleHref = toggledParam(location.pathname, location.search, MENU_PARAM);
  const { profile, logout, navigation } = userMenuEntries(shell.menu);
  const pageTitle = pageTitleFor(shell.menu, location.pathname);

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
        {/* Plain rows with classes rather than Mantine's Group (issue 21: the chrome is on every page). */}
        <div className="l-row shell-bar" data-justify="between" data-nowrap>
          <div className="l-row" data-gap="sm" data-nowrap>
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
            {/* On a phone the brand's name gives way to where the user is (issue 11). */}
            {pageTitle ? (
              <p className="txt shell-page-title mantine-hidden-from-sm" data-size="sm" data-testid="phone-page-title">
                {pageTitle}
              </p>
            ) : null}
          </div>
          <div className="l-row" data-gap="xs" data-nowrap>
            {shell.documentAlert ? (
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
            {shell.logoutAs ? (
              <PortalForm action="/account/logout_as_user">
                <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                <SubmitButton variant="light" color="orange" size="xs">
                  {shell.logoutAs}
                </SubmitButton>
              </PortalForm>
            ) : null}
            <UserMenu userName={shell.userName} email={shell.email} profile={profile} logout={logout} />
          </div>
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main menu">
        <MainMenu items={navigation} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineBanner />
        {pendingTasksBanner ? <PendingTasksBanner tasks={shell.pendingTasks} /> : null}
        {prompts && shell.showSmsPrompt ? <SmsConsentPrompt /> : null}
        <div id="main" tabIndex={-1}>
          {/* The notices addressed to the user (issue 22 §2.3): the first content of every page until dismissed. */}
          <SystemNotifications notifications={shell.notices} />
          {children}
        </div>
        <Footer branding={branding} />
      </AppShell.Main>
      <NoticeModal opened={noticeOpen} branding={branding} />
    </AppShell>
  );
}
