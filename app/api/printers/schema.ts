import { z } from "zod/mini";

// GET /api/printers: what a person needs to choose a printer. Never an
// address, serial number or model: the print server's list has them, this
// answer does not.

export const printerProblems = ["offline", "problem", "disabled"] as const;

export const printerView = z.object({
  id: z.int(),
  name: z.string(),
  location: z.nullable(z.string()),
  /** Null when it can print now; else why not. */
  problem: z.nullable(z.enum(printerProblems)),
});
export type PrinterView = z.infer<typeof printerView>;

export const printersResponse = z.object({ printers: z.array(printerView) });
