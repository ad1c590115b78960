import type { z } from "zod";
import { CONTROL_CHARACTERS_TEXT, hasControlCharacters } from "~/domain/validation";

/**
 * A text field of the upstream's bodies meant for one line (a name, a title, a subject): refused with
 * CONTROL_CHARACTERS_TEXT at its field (422 `fields`) when it holds control or bidirectional formatting
 * characters, the portal forms' rule (app/domain/validation.ts). The reference API's own schemas use it too.
 */
export function oneLine<T extends z.ZodType<string, string>>(schema: T) {
  return schema.refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_TEXT });
}
