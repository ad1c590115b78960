import { data } from "react-router";
import { loadWithViewer } from "~/.server/guards";
import { documentKindOf } from "~/.server/profile-documents";
import { complianceDocuments, storedFileDownload } from "~/.server/upstream/profile-details";
import type { Route } from "./+types/profile.documents.$kind.file";

/** Issue 12: the download of a compliance document on file (404 when none is). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kind = documentKindOf(params.kind);
  const [, file] = await loadWithViewer(request, context, async (token) => {
    const stored = (await complianceDocuments(token)).find((d) => d.kind === kind)?.file;
    return stored ? storedFileDownload(token, stored.id) : null;
  });
  if (!file) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
  const headers: Record<string, string> = {
    "content-type": file.contentType,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
  if (file.contentDisposition)
    headers["content-disposition"] = file.contentDisposition.replace(/^inline/, "attachment");
  // An image opened directly must not run script (PDF viewers need no sandbox).
  if (file.contentType !== "application/pdf") headers["content-security-policy"] = "default-src 'none'; sandbox";
  return new Response(file.body, { headers });
}
