import { z } from "zod/mini";
import { reportFormats } from "@/lib/browser-safe/reports/formats";

// GET /api/reports: the reports the person may run, each with the formats
// the portal can offer.

export const reportSummary = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  formats: z.array(z.enum(reportFormats)),
});
export type ReportSummary = z.infer<typeof reportSummary>;

/** `offered: false` when the print server does not offer reports to the portal (a real MyQ X may not). */
export const reportListResponse = z.object({ reports: z.array(reportSummary), offered: z.boolean() });
