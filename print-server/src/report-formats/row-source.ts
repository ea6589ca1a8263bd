import type { ReportRow, ReportTable } from "./report-table.js";

/** What next() answers after the last row (a row itself may be anything the writer then rejects). */
export const END_OF_ROWS: unique symbol = Symbol("end of rows");
type Next = ReportRow | typeof END_OF_ROWS;

/**
 * The table's rows one at a time, without a promise per row when the source
 * is synchronous (a database cursor): `for await` over a sync iterable costs
 * a microtask per row, which a writer that waits only now and then (a PDF at
 * its page breaks) need not pay. `next()` answers the row, or END_OF_ROWS,
 * directly or as a promise.
 */
export function rowSource(rows: ReportTable["rows"]): {
  next(): Next | Promise<Next>;
  /** Ends the source early (an error or an abort), so a database cursor is released. */
  close(): void;
} {
  if (Symbol.iterator in rows) {
    const iterator = rows[Symbol.iterator]();
    return {
      next: () => {
        const step = iterator.next();
        return step.done ? END_OF_ROWS : step.value;
      },
      close: () => void iterator.return?.(),
    };
  }
  const iterator = rows[Symbol.asyncIterator]();
  return {
    next: async () => {
      const step = await iterator.next();
      return step.done ? END_OF_ROWS : step.value;
    },
    close: () => void iterator.return?.(),
  };
}
