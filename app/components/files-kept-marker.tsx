import { useEffect, useState } from "react";
import { FILES_KEPT_FIELD } from "~/domain/uploads";

/**
 * Inside a form with file inputs: tells the server, once the page is hydrated, that a failed send
 * leaves the chosen files in place (app/.server/form-failure.ts then does not ask to choose them again).
 */
export function FilesKeptMarker() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name={FILES_KEPT_FIELD} value="1" /> : null;
}
