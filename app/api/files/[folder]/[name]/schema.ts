import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// /api/files/{folder}/{name}: one of the person's files, by its kept name
// (GET downloads it, DELETE removes it; …/preview draws its first page).

const isOneName = (name: string) => !/[/\\\u0000]/.test(name) && !name.startsWith(".");

const notThere = { error: "files.answers.notFound" satisfies SentenceKey };

export const fileParams = z.object({
  folder: z.enum(["to-print", "scans"], notThere),
  // Next.js decodes the segment (%2F included): a path or a dot name is never one of the person's files.
  // The store refuses anything but a name it keeps as well.
  name: z.string(notThere).check(z.minLength(1, notThere), z.maxLength(255, notThere), z.refine(isOneName, notThere)),
});

export const deleteResponse = z.object({ deleted: z.literal(true) });
