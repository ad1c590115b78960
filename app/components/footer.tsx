import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import type { Branding } from "~/domain/branding";

/** The footer of every layout: plain elements (issue 21); the link's size comes from .portal-footer. */
export function Footer({ branding }: { branding: Branding }) {
  return (
    <footer className="portal-footer">
      <p className="txt" data-size="sm" data-dimmed>
        © {new Date().getFullYear()} {branding.authorisedEntity}
      </p>
      <Anchor component={Link} to="/privacy_policy">
        Privacy Policy
      </Anchor>
    </footer>
  );
}
