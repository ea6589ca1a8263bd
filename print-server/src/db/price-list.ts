import { z } from "zod";
import type { Db } from "./open-database.js";
import { readSetting, writeSetting } from "./settings.js";

/**
 * The organisation's price list (settings key `prices`), in cents: a page in
 * mono, a page in colour, and what a two-sided sheet saves (one sheet for two
 * pages). `npm run print-server -- prices` shows and changes it; a release reads it each time.
 */
export const priceListSchema = z.object({
  monoPageCents: z.number().int().min(0).max(100_000),
  colourPageCents: z.number().int().min(0).max(100_000),
  duplexSheetDiscountCents: z.number().int().min(0).max(100_000),
});

export type PriceList = z.infer<typeof priceListSchema>;

/** The demo's prices: every demo job is within its user's credit (a 12-page colour duplex report costs 1.68). */
export const DEMO_PRICES: PriceList = { monoPageCents: 5, colourPageCents: 15, duplexSheetDiscountCents: 2 };

export function readPriceList(db: Db): PriceList {
  const stored = readSetting(db, "prices");
  if (stored === undefined) return DEMO_PRICES;
  const parsed = priceListSchema.safeParse(stored);
  if (!parsed.success) throw new Error("The stored price list is not valid; set it again with `prices`.");
  return parsed.data;
}

export function writePriceList(db: Db, prices: PriceList): void {
  writeSetting(db, "prices", priceListSchema.parse(prices));
}

/** What one print costs in cents: every page of every copy, less the sheets a two-sided print saves. */
export function printCostCents(
  prices: PriceList,
  print: { pages: number; copies: number; colour: number | boolean; duplex: number | boolean },
): number {
  const perPage = print.colour ? prices.colourPageCents : prices.monoPageCents;
  const savedSheets = print.duplex ? Math.floor(print.pages / 2) : 0;
  const perCopy = Math.max(0, print.pages * perPage - savedSheets * prices.duplexSheetDiscountCents);
  return perCopy * print.copies;
}
