import { z } from "zod";

import { LIBRARY, RECOMMENDED_KEYS } from "@/lib/roleplays/library";

import { uuid } from "./common";

const KEYS = new Set(LIBRARY.map((e) => e.key));

/** A starter-library key; an unknown one is a 422 naming it. */
export const libraryKey = z
  .string({ error: "Library key must be text" })
  .trim()
  .min(1, "Library key is required")
  .refine((key) => KEYS.has(key), { error: (issue) => `Unknown library roleplay: ${String(issue.input)}` });

/** Which library roleplays an organisation starts with; absent means the recommended set, [] none. */
export const libraryKeys = z
  .array(libraryKey, { error: "library_keys must be a list of library keys" })
  .max(LIBRARY.length, `At most ${LIBRARY.length} library keys`)
  .optional()
  .transform((keys) => [...new Set(keys ?? RECOMMENDED_KEYS)]);

/** Add from library: the entry, and the organisation to add it to (the caller's current one by default). */
export const addFromLibrarySchema = z.object({
  key: libraryKey,
  organization_id: uuid("organization_id").optional(),
});
export type AddFromLibraryInput = z.output<typeof addFromLibrarySchema>;

export const libraryQuerySchema = z.object({ organization_id: uuid("organization_id").optional() });
