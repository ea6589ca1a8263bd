import { z } from "zod";
import type { ReportRow, ReportTable } from "./report-table.js";

// Column keys become XML element names, so they must be plain XML names (and
// never start with "xml", which XML reserves).
const columnKey = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, "must be a plain XML name")
  .refine((key) => !/^xml/i.test(key), "must not start with xml");

const column = z.object({
  key: columnKey,
  title: z.string().min(1).max(200),
  type: z.enum(["text", "integer", "money", "date", "datetime"]),
});

const rows = z.custom<Iterable<ReportRow> | AsyncIterable<ReportRow>>(
  (value) => typeof value === "object" && value !== null && (Symbol.iterator in value || Symbol.asyncIterator in value),
  "rows must be an iterable or async iterable",
);

/** Checks everything about a table except its rows, which are checked one by one as they are written. */
export const reportTableSchema = z.object({
  title: z.string().min(1).max(200),
  subtitle: z.string().max(500).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code")
    .optional(),
  columns: z
    .array(column)
    .min(1)
    .max(64)
    .refine((columns) => new Set(columns.map((c) => c.key)).size === columns.length, "column keys must be unique"),
  rows,
}) satisfies z.ZodType<ReportTable>;
