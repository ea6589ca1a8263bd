import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";
import { reportFormats } from "@/lib/browser-safe/reports/formats";

// POST /api/reports/executions: start a report in one of its formats. A
// refused field answers 400 with the sentence its message names.

const say = (key: SentenceKey) => ({ error: key });
const badReportId = say("reports.answers.badReportId");
const badFormat = say("reports.answers.badFormat");

export const startRequest = z.object(
  {
    reportId: z.int(badReportId).check(z.positive(badReportId), z.maximum(2_147_483_647, badReportId)),
    format: z.enum(reportFormats, badFormat),
  },
  badReportId,
);

export const startedResponse = z.object({
  executionId: z.int().check(z.positive()),
  reportId: z.int().check(z.positive()),
  reportName: z.string(),
  format: z.enum(reportFormats),
  startedAt: z.int(),
});
export type StartedResponse = z.infer<typeof startedResponse>;
