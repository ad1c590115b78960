import { idOr404 } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { carrierEnrollmentPayload } from "~/admin/sections/carrier_enrollments/section.server";
import type { Route } from "./+types/admin.carrier_enrollments.payload";

/**
 * An enrollment record's raw payload as a file (the JSON viewer's "Download the raw text", issue 24 §3): the text
 * exactly as the carrier sent it, as plain text to save (never a page of the portal's origin).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, payload] = await loadWithViewer(request, context, async (token) => carrierEnrollmentPayload(token, id));
  const name = `enrollment-${payload.confirmationNumber.replace(/[^A-Za-z0-9-]/g, "_")}.json`;
  return new Response(payload.payload, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
