import { Text, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { Link, useRevalidator } from "react-router";

/**
 * Where a file import stands (a statement import's page, a carrier import's page, a Sunfire import's page): its figures, and while it runs
 * (`busy`) the page follows it — with JavaScript by asking again every second, without by a refresh meta and a
 * Refresh link. Its script rides with the admin frame's (vite.config.ts, the "admin" tier): a script of its own
 * would be each of these pages' 26th (scripts/budgets.ts).
 */
export function ImportProgress({ busy, here, children }: { busy: boolean; here: string; children: ReactNode }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
  return (
    <section aria-live="polite" aria-labelledby="progress-title">
      {/* Without JavaScript the page asks again by itself while the import runs. */}
      {busy ? <meta httpEquiv="refresh" content="2" /> : null}
      <Title order={2} size="h4" id="progress-title">
        Where it stands
      </Title>
      <Text data-testid="import-progress">{children}</Text>
      {busy ? (
        <Text size="sm">
          This page updates by itself. <Link to={here}>Refresh</Link>
        </Text>
      ) : null}
    </section>
  );
}
