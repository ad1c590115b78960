import { Container, Paper } from "@mantine/core";
import { Outlet, redirect } from "react-router";
import { homeFor } from "~/domain/home";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import { Footer } from "~/components/footer";
import { BrandLogo } from "~/components/brand-logo";
import { optionalViewer } from "~/.server/guards";
import type { Route } from "./+types/login";

/**
 * Spec §2 login layout: a signed-in user who has an email is redirected to their home route, except on the
 * e-mailed verification and password-reset links (issue 13), which work whoever is signed in.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const { token, id } = params as { token?: string; id?: string };
  const link =
    (token !== undefined && pathname.startsWith("/account/verify/")) ||
    (id !== undefined && pathname.startsWith("/account/update_password/"));
  if (link) return null;
  // An unreachable upstream must not lock anyone out of the sign-in page.
  const viewer = await optionalViewer(context);
  if (viewer?.user.email) throw redirect(homeFor(viewer.user));
  return null;
}

export default function LoginLayout() {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  return (
    // Plain elements with classes (app.css .public-page, .sign-in-page), not Mantine's Stack, Center and Box
    // with their style attributes (issue 21); the card keeps Mantine's Paper classes.
    <div className="l-stack public-page sign-in-page" data-gap="0" data-justify="between">
      <main>
        <div className={Container.classes.root} data-strategy="block">
          <div className={`${Paper.classes.root} sign-in-card`} data-with-border>
            <div>
              <BrandLogo branding={branding} size={48} />
            </div>
            <Outlet />
          </div>
        </div>
      </main>
      <Footer branding={branding} />
    </div>
  );
}
