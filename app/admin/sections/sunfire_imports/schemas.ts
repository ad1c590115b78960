/**
 * The forms of the Sunfire imports' pages (issue 24 §5), zod mini: the upload (the export's file) and an unmatched
 * row's reconciliation (the agent, the client). The browser and the portal's server parse with these. Pure.
 */
import * as z from "zod/mini";
import { required } from "~/domain/validation";

export const CHOOSE_SUNFIRE_FILE = "Choose Sunfire's enrollment export (CSV)";
export const MAX_SUNFIRE_FILE_MB = 50;

/** The upload's facts, as the server reads them (the file streams apart): none besides the file. */
export const uploadFactsSchema = z.object({});

/** The upload form in the browser: the file. */
export const uploadSchema = z.object({
  file: z.pipe(
    z.optional(z.custom<File>((v) => typeof File === "undefined" || v instanceof File)),
    z.transform((file: File | undefined, ctx) => {
      if (!file || file.size === 0) {
        ctx.issues.push({ code: "custom", message: CHOOSE_SUNFIRE_FILE, input: file });
        return z.NEVER;
      }
      if (file.size > MAX_SUNFIRE_FILE_MB * 1024 * 1024) {
        ctx.issues.push({ code: "custom", message: `The file is larger than ${MAX_SUNFIRE_FILE_MB} MB`, input: file });
        return z.NEVER;
      }
      return file;
    }),
  ),
});

const pattern = (re: RegExp, message: string) => required(message).check(z.refine((v: string) => re.test(v), message));

/** An unmatched row's reconciliation: the agent (a user id) and the client (an id, or "new"). */
export const reconcileSchema = z.object({
  agentUserId: pattern(/^\d{1,9}$/, "Choose the agent"),
  clientId: pattern(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, "Choose the client"),
});

/** A form of one button (confirm, discard): its intent alone. */
