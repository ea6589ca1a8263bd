import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";
import { statementPeriods, statementTypes, type StatementLine } from "@/lib/browser-safe/credit/statement";

/** One line (its type, for the browser, is StatementLine in lib/browser-safe/credit/statement.ts). */
export const statementLine = z.object({
  id: z.int(),
  at: z.string(),
  type: z.enum(statementTypes),
  what: z.string(),
  amount: z.number(),
  balance: z.number(),
  provider: z.nullable(z.string()),
}) satisfies z.ZodMiniType<StatementLine>;

// GET /api/credit/statement?days=30&type=print&page=1: one page of the
// statement, newest first. `days` is one of the periods offered; no type is
// every type.

const say = (key: SentenceKey) => ({ error: key });
const badFilter = say("credit.answers.badFilter");

const periodValues = statementPeriods.map(String) as [string, ...string[]];

export const statementFilter = z.object({
  days: z.enum(periodValues, badFilter),
  type: z.optional(z.enum(statementTypes, badFilter)),
});
export type StatementFilter = z.infer<typeof statementFilter>;

export const statementQuery = z.extend(statementFilter, {
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, badFilter))),
});

export const statementResponse = z.object({
  lines: z.array(statementLine),
  /** Lines that matched, on all pages. */
  count: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** False when the print server offers no statement (a real MyQ X may not): no lines, nothing wrong. */
  offered: z.boolean(),
});
export type StatementResponse = z.infer<typeof statementResponse>;
