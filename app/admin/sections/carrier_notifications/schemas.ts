/**
 * The carrier notifications' forms, zod mini (issue 24 §4, ADR 015): Mark handled (a note, optional) on a
 * notification's page and as the list's bulk confirmation (the chosen ids besides); Send to the agent has no field.
 */
import * as z from "zod/mini";
import { chosenIds, optionalText } from "~/domain/admin/forms";
import { MAX_NOTE } from "./records";

const note = optionalText(MAX_NOTE, `At most ${MAX_NOTE} characters`);

export const handleSchema = z.object({ note });
export const routeSchema = z.object({});
export const bulkHandleSchema = z.object({ id: chosenIds, note });
