import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// GET /api/files: the person's files to print and scans, with their quota.
// POST /api/files: one upload, the file's bytes as the body (streamed, never
// whole in memory); its name in X-File-Name (URL-encoded), and an
// Idempotency-Key, so the same upload sent twice is stored once.

const say = (key: SentenceKey) => ({ error: key });

export const fileView = z.object({
  name: z.string(),
  size: z.int(),
  type: z.string(),
  pages: z.nullable(z.int()),
  /** ISO date-times. */
  uploadedAt: z.string(),
  removedAt: z.string(),
});

export const usageView = z.object({ files: z.int(), bytes: z.int() });

export const fileListResponse = z.object({
  toPrint: z.array(fileView),
  scans: z.array(fileView),
  usage: usageView,
  limits: z.object({
    quotaFiles: z.int(),
    quotaBytes: z.int(),
    maxFileBytes: z.int(),
    retentionHours: z.int(),
  }),
});

export const uploadHeaders = z.object({
  "x-file-name": z.pipe(
    z.string(say("files.answers.badName")).check(z.minLength(1, say("files.answers.badName")), z.maxLength(3000)),
    z.transform((value, context) => {
      try {
        return decodeURIComponent(value);
      } catch {
        context.issues.push({ code: "custom", input: value, message: "files.answers.badName" });
        return z.NEVER;
      }
    }),
  ),
  "idempotency-key": z
    .string(say("files.answers.badKey"))
    .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, say("files.answers.badKey"))),
});

export const uploadResponse = z.object({ file: fileView });
