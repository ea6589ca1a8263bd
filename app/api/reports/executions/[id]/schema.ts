import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// GET /api/reports/executions/{id}/status and …/download: one execution of
// the person's, by the id its start answered.

const badId = { error: "reports.answers.badExecutionId" satisfies SentenceKey };

/** The id segment: digits only, within the contract's range. */
export const executionParams = z.object({
  id: z
    .pipe(z.string(badId).check(z.regex(/^[1-9]\d{0,15}$/, badId)), z.transform(Number))
    .check(z.refine((id) => Number.isSafeInteger(id), badId)),
});

export const statusResponse = z.object({ status: z.enum(["running", "ready", "gone"]) });
export type StatusResponse = z.infer<typeof statusResponse>;
