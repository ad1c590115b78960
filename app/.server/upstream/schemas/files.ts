import { z } from "zod";

/** A stored attachment's metadata; its bytes are served by GET /api/profile/files/{id}. */
export const StoredFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;
