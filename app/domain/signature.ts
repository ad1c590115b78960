import * as z from "zod/mini";
import { invalid } from "./validation";

/** Spec §3: a signature is a list of strokes, each with points. */
export interface SignaturePoint {
  x: number;
  y: number;
  time?: number;
}
export interface SignatureStroke {
  points: SignaturePoint[];
}

/** Spec §5/§9: a signature is valid only with more than 15 points in total. */
export const SIGNATURE_MIN_POINTS = 15;
export const SIGNATURE_TOO_SHORT = "Please sign in the box: your signature is too short.";

export function signaturePointCount(strokes: SignatureStroke[]): number {
  return strokes.reduce((total, stroke) => total + (stroke.points?.length ?? 0), 0);
}

export function signatureIsValid(strokes: SignatureStroke[]): boolean {
  return signaturePointCount(strokes) > SIGNATURE_MIN_POINTS;
}

const PointSchema = z.object({ x: z.number(), y: z.number(), time: z.optional(z.number()) });
const StrokesSchema = z.array(z.object({ points: z.array(PointSchema) }));

/**
 * A form field holding the strokes as a JSON string. Output: the strokes. Absent, blank, malformed or
 * too-short signatures all raise SIGNATURE_TOO_SHORT (the user's remedy is the same: sign in the box).
 */
export const SignatureSchema = z
  .pipe(
    z.string({ error: SIGNATURE_TOO_SHORT }),
    z.transform((value: string, ctx): SignatureStroke[] => {
      try {
        const parsed = StrokesSchema.safeParse(JSON.parse(value));
        if (parsed.success) return parsed.data;
      } catch {
        // malformed JSON: reported below
      }
      return invalid(ctx, SIGNATURE_TOO_SHORT);
    }),
  )
  .check(z.refine(signatureIsValid, { error: SIGNATURE_TOO_SHORT }));
