import { Alert } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";

/** Spec §4 "Offline status is tracked": say so while the browser is offline. */
export function OfflineBanner() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="yellow" mb="md" role="status" title="You are offline">
      Changes cannot be saved until your connection is back. What you have typed stays on the page.
    </Alert>
  );
}
