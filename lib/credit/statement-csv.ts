import "server-only";
import { stringify } from "csv-stringify/sync";
import type { StatementLine } from "@/lib/browser-safe/credit/statement";

// The statement as a CSV file a spreadsheet opens as it is: a header row in
// the person's language, ISO dates, amounts with a dot and two decimals.
// Job names come from users, so a text cell that a spreadsheet would read as
// a formula (=, +, -, @, tab, carriage return first) starts with a quote.

export interface CsvHeadings {
  date: string;
  type: string;
  what: string;
  amount: string;
  balance: string;
  currency: string;
}

const formulaStart = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

export function statementCsv(
  lines: StatementLine[],
  headings: CsvHeadings,
  typeName: (type: StatementLine["type"]) => string,
  currency: string,
): string {
  const rows = lines.map((line) => [
    line.at,
    neutralizeFormula(typeName(line.type)),
    neutralizeFormula(line.what),
    line.amount.toFixed(2),
    line.balance.toFixed(2),
    currency,
  ]);
  const header = [headings.date, headings.type, headings.what, headings.amount, headings.balance, headings.currency];
  // A byte order mark, so spreadsheet programs read the names as UTF-8.
  return `\uFEFF${stringify([header, ...rows], { record_delimiter: "\r\n" })}`;
}
