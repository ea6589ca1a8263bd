import { describe, expect, it } from "vitest";
import { balanceHistoryPath, defaultStatementFilter, filterQuery, statementPath } from "./read-paths";

// The page's preloads and its reads must build the very same URL, or the
// browser reads twice: the order of the query's parts is part of it.
describe("credit read paths", () => {
  it("puts the period first, then the kind of line when one is chosen, then the page", () => {
    expect(statementPath(defaultStatementFilter, 1)).toBe("/api/credit/statement?days=30&page=1");
    expect(statementPath({ days: 90, type: "recharge" }, 3)).toBe("/api/credit/statement?days=90&type=recharge&page=3");
    expect(balanceHistoryPath(7)).toBe("/api/credit/history?days=7");
  });

  it("gives the CSV link the filter alone", () => {
    expect(filterQuery({ days: 365, type: "print" })).toBe("days=365&type=print");
  });
});
