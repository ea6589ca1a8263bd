import { z } from "zod/mini";
import { reportFormats } from "./formats";

// What the portal's report routes send to the browser, and what the browser
// sends them. The browser parses answers with the same schemas (zod/mini, as
// everything the browser loads: a fraction of full zod's size).

export const reportDto = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  formats: z.array(z.enum(reportFormats)),
});
export type ReportDto = z.infer<typeof reportDto>;

export const reportListDto = z.object({ reports: z.array(reportDto) });

export const startRequest = z.object({
  reportId: z.int().check(z.positive(), z.maximum(2_147_483_647)),
  format: z.string().check(z.minLength(1), z.maxLength(20)),
});

export const startedDto = z.object({
  executionId: z.int().check(z.positive()),
  reportId: z.int().check(z.positive()),
  reportName: z.string(),
  format: z.enum(reportFormats),
  startedAt: z.int(),
});
export type StartedDto = z.infer<typeof startedDto>;

export const statusDto = z.object({ status: z.enum(["running", "ready", "gone"]) });
export type StatusDto = z.infer<typeof statusDto>;

/** An execution id from a URL segment: digits only, within the contract's range. */
export const executionIdParam = z
  .pipe(z.string().check(z.regex(/^[1-9]\d{0,15}$/)), z.transform(Number))
  .check(z.refine((id) => Number.isSafeInteger(id)));
