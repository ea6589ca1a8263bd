import { z } from "zod/mini";

// GET /api/credit/history?days=30: the balance over the period, for the
// chart, its table alternative and its one-line summary.

export const historyResponse = z.object({
  /** ISO date-time the period starts at. */
  from: z.string(),
  /** ISO date-time the period ends at (when it was read). */
  to: z.string(),
  points: z.array(z.object({ at: z.string(), balance: z.number() })),
  /** Absent when nothing moved in the period. */
  summary: z.optional(
    z.object({ spent: z.number(), added: z.number(), startBalance: z.number(), endBalance: z.number() }),
  ),
  /** False when the period had more lines than the chart reads. */
  complete: z.boolean(),
  /** False when the print server offers no statement to draw it from. */
  offered: z.boolean(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;
