import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// GET /api/jobs/states?ids=1,2,3: how released jobs are doing, for the
// "Printing..." -> "Printed" progress. At most 50 ids at once.

const badJobs = { error: "jobs.answers.badJobs" satisfies SentenceKey };

export const statesQuery = z.object({
  ids: z.pipe(
    z.string(badJobs).check(z.regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,49}$/, badJobs)),
    z.transform((value) => [...new Set(value.split(",").map(Number))]),
  ),
});

export const jobStates = ["processing", "printed", "deleted", "other"] as const;
export const statesResponse = z.object({
  jobs: z.array(z.object({ id: z.int(), state: z.enum(jobStates) })),
});
export type JobProgressState = (typeof jobStates)[number];
