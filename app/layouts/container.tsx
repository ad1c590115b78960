import { Container } from "@mantine/core";
import { Outlet } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { Footer } from "~/components/footer";
import { BRANDINGS } from "~/domain/branding";
import { useRootData } from "~/root";

/** Spec §2 container layout: public pages in a centred column under the logo. */
export default function ContainerLayout() {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  return (
    // Plain elements with classes (app.css .public-page), not Mantine's Stack and Group (issue 21).
    <div className="l-stack public-page" data-gap="0" data-justify="between">
      <header className="l-row">
        <BrandLogo branding={branding} />
      </header>
      <main className={Container.classes.root} data-strategy="block">
        <Outlet />
      </main>
      <Footer branding={branding} />
    </div>
  );
}
