/** The alert's Mark handled form, zod mini (issue 24 §7, ADR 015): a note, optional. */
import * as z from "zod/mini";
import { optionalText } from "~/domain/admin/forms";
import { MAX_NOTE } from "./records";

export const handleSchema = z.object({ note: optionalText(MAX_NOTE, `At most ${MAX_NOTE} characters`) });
