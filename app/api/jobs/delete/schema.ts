import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// POST /api/jobs/delete: delete jobs, all or none. Sending it again is
// harmless (a deleted job stays deleted), so no key is needed.

const badJobs = { error: "jobs.answers.badJobs" satisfies SentenceKey };

export const deleteRequest = z.object(
  {
    jobIds: z
      .array(z.int(badJobs).check(z.positive(badJobs), z.maximum(Number.MAX_SAFE_INTEGER, badJobs)), badJobs)
      .check(z.minLength(1, badJobs), z.maxLength(500, badJobs)),
  },
  badJobs,
);

export const deleteResponse = z.object({ deleted: z.array(z.int()) });
