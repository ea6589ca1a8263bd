import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";
import { jobView } from "../schema";

// PATCH /api/jobs/{id}: mark or unmark a favourite. Setting the same value
// twice changes nothing, so a double tap is harmless.

const badJobs = { error: "jobs.answers.badJobs" satisfies SentenceKey };
const badFavorite = { error: "jobs.answers.badRequest" satisfies SentenceKey };

export const jobParams = z.object({
  id: z.pipe(
    z.string(badJobs).check(z.regex(/^[1-9]\d{0,14}$/, badJobs)),
    z.transform((value) => Number(value)),
  ),
});
export const favoriteRequest = z.object({ favorite: z.boolean(badFavorite) }, badFavorite);
export const favoriteResponse = z.object({ job: jobView });
