/**
 * A file import's upload (issue 23 §1; shared by every file import since issue 24): POST to an upstream import path
 * whose body is the file's bytes, read from the browser's multipart form as they arrive and streamed on to the
 * upstream, never held whole (the shared `call` buffers its bodies). The upstream answers the import it made.
 */
import { Readable } from "node:stream";
import { request as undiciRequest } from "undici";
import { z } from "zod";
import { runtime } from "../runtime";
import { UPSTREAM_UNREACHABLE, UnauthorizedError, UpstreamError } from "./client";

const UploadAnswer = z.object({ error: z.string().optional(), import: z.object({ id: z.number().int() }).optional() });

/**
 * POST /api/admin/<path>?<facts> with `file` as the body, streamed. Answers the import's id (201, or a refusal that
 * made an import: a duplicate, an unreadable file), or throws UpstreamError (fields refused, not answering).
 */
export async function uploadFile(
  token: string,
  path: string,
  facts: Record<string, string>,
  file: AsyncIterable<Uint8Array>,
): Promise<{ importId: number; refused: string | null }> {
  const { upstreamUrl, logger } = runtime();
  const params = new URLSearchParams(facts);
  const url = new URL(
    `api/admin/${path}?${params.toString()}`,
    upstreamUrl.endsWith("/") ? upstreamUrl : `${upstreamUrl}/`,
  );
  let status: number;
  let text: string;
  try {
    const response = await undiciRequest(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/csv", accept: "application/json" },
      body: Readable.from(file),
      // A 50 MB file takes a while to send and read: its own budget rather than the portal's call timeout.
      signal: AbortSignal.timeout(5 * 60_000),
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    logger.warn({ err: error, path }, "file upload: the upstream did not answer");
    throw new UpstreamError(503, [UPSTREAM_UNREACHABLE], "unreachable");
  }
  if (status === 401) throw new UnauthorizedError();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const answer = UploadAnswer.safeParse(json);
  const body = answer.success ? answer.data : {};
  if (body.import) return { importId: body.import.id, refused: status >= 400 ? (body.error ?? null) : null };
  const failure = new UpstreamError(status >= 400 ? status : 502, [body.error ?? "The file could not be imported."]);
  const fields = (json as { fields?: Record<string, string[]> } | undefined)?.fields;
  if (fields && typeof fields === "object") failure.fields = fields;
  throw failure;
}
