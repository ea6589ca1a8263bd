import { z } from "zod";
import { reportFormats } from "./formats";

// What the portal's report routes send to the browser, and what the browser
// sends them. The browser parses answers with the same schemas.

export const reportDto = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  formats: z.array(z.enum(reportFormats)),
});
export type ReportDto = z.infer<typeof reportDto>;

export const reportListDto = z.object({ reports: z.array(reportDto) });

export const startRequest = z.object({
  reportId: z.number().int().positive().max(2_147_483_647),
  format: z.string().min(1).max(20),
});

export const startedDto = z.object({
  executionId: z.number().int().positive(),
  reportId: z.number().int().positive(),
  reportName: z.string(),
  format: z.enum(reportFormats),
  startedAt: z.number().int(),
});
export type StartedDto = z.infer<typeof startedDto>;

export const statusDto = z.object({ status: z.enum(["running", "ready", "gone"]) });
export type StatusDto = z.infer<typeof statusDto>;

/** An execution id from a URL segment: digits only, within the contract's range. */
export const executionIdParam = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .refine((id) => Number.isSafeInteger(id));
