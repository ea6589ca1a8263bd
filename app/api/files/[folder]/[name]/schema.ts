import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";
import { isKeptName } from "@/lib/files/file-name";

// /api/files/{folder}/{name}: one of the person's files, by its kept name
// (GET downloads it, DELETE removes it; …/preview draws its first page).

const notThere = { error: "files.answers.notFound" satisfies SentenceKey };

export const fileParams = z.object({
  folder: z.enum(["to-print", "scans"], notThere),
  // Next.js decodes the segment (%2F included): only a name the store could have kept passes, never a path.
  name: z.string(notThere).check(z.minLength(1, notThere), z.maxLength(255, notThere), z.refine(isKeptName, notThere)),
});

export const deleteResponse = z.object({ deleted: z.literal(true) });
