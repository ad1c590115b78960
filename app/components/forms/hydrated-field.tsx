import { useSyncExternalStore } from "react";
import { FILES_KEPT_FIELD } from "~/domain/uploads";

const noSubscription = () => () => {};

/** False on the server and during hydration, true once the page runs in the browser (no extra render pass). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A hidden field sent only once the page is hydrated: it tells the action the form was sent by
 * JavaScript (the page stays in place), not by a plain form post.
 */
export function HydratedField({ name, value }: { name: string; value: string }) {
  return useHydrated() ? <input type="hidden" name={name} value={value} /> : null;
}

/**
 * In a form with file inputs (PortalForm adds it to every multipart form): a failed send leaves the chosen
 * files in place, so app/.server/form-failure.ts does not ask to choose them again.
 */
export function FilesKeptMarker() {
  return <HydratedField name={FILES_KEPT_FIELD} value="1" />;
}
