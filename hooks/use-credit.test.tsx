// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultStatementFilter, type StatementFilterState } from "@/lib/browser-safe/credit/read-paths";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { useMoneyOverview } from "./use-account";
import { useBalanceHistory, useRedeemVoucher, useStatement, useVoucherAvailability } from "./use-credit";

const money = { currency: "EUR", credit: { availableToPrint: 5, accounts: [] }, quota: null };
const statement = (page: number) => ({ body: { offered: true, lines: [], count: 60, page, pageSize: 25 } });
const history = { body: { offered: true, points: [], complete: true, from: "", to: "", summary: null } };

function serveCredit(extra: Parameters<typeof servePortal>[0] = {}) {
  return servePortal({
    "/api/account/money": { body: money },
    "/api/credit/statement?days=30&page=1": statement(1),
    "/api/credit/statement?days=30&page=2": statement(2),
    "/api/credit/history?days=30": history,
    "/api/credit/vouchers": { body: { available: true } },
    ...extra,
  });
}

/** The Credit page's reads, as its view makes them: the statement and chart once the balance says there is credit. */
function useCreditPage({ page }: { page: number }) {
  const balance = useMoneyOverview();
  const filter: StatementFilterState | null = balance.data?.credit ? defaultStatementFilter : null;
  return {
    balance,
    statement: useStatement(filter, page),
    history: useBalanceHistory(filter && filter.days),
    vouchers: useVoucherAvailability(),
    redeem: useRedeemVoucher(),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Credit page's reads", () => {
  it("read the statement only once the balance says there is credit, and keep the old page while the next loads", async () => {
    const portal = serveCredit({ "/api/credit/statement?days=30&page=2": "hang" });
    const view = renderWithClient(tabClient(), useCreditPage, { initialProps: { page: 1 } });
    expect(view.result.current.statement.isPending).toBe(true);
    await waitFor(() => expect(view.result.current.statement.data?.page).toBe(1));
    expect(portal.calls.indexOf("GET /api/account/money")).toBeLessThan(
      portal.calls.indexOf("GET /api/credit/statement?days=30&page=1"),
    );

    view.rerender({ page: 2 });
    await waitFor(() => expect(portal.count("/api/credit/statement?days=30&page=2")).toBe(1));
    expect(view.result.current.statement.data?.page).toBe(1);
    expect(view.result.current.statement.isPlaceholderData).toBe(true);
  });

  it("a voucher: the balance, the statement and the chart are read again, the voucher offer is not", async () => {
    const portal = serveCredit({ "POST /api/credit/vouchers": { body: { added: 10, balance: 15 } } });
    const view = renderWithClient(tabClient(), useCreditPage, { initialProps: { page: 1 } });
    await waitFor(() => {
      expect(view.result.current.statement.data).toBeDefined();
      expect(view.result.current.history.data).toBeDefined();
      expect(view.result.current.vouchers.data).toBeDefined();
    });
    await act(() => view.result.current.redeem.mutateAsync({ code: "ABCD", requestId: "press-0001" }));
    expect(view.result.current.redeem.data).toEqual({ added: 10, balance: 15 });
    await waitFor(() => {
      expect(portal.count("/api/account/money")).toBe(2);
      expect(portal.count("/api/credit/statement?days=30&page=1")).toBe(2);
      expect(portal.count("/api/credit/history?days=30")).toBe(2);
    });
    expect(portal.count("/api/credit/vouchers")).toBe(1);
  });

  it("a refused voucher changes nothing the page shows", async () => {
    const portal = serveCredit({ "POST /api/credit/vouchers": { status: 400, body: { error: "bad_request" } } });
    const view = renderWithClient(tabClient(), useCreditPage, { initialProps: { page: 1 } });
    await waitFor(() => expect(view.result.current.history.data).toBeDefined());
    await act(() => view.result.current.redeem.mutateAsync({ code: "NOPE", requestId: "press-0002" }).catch(() => {}));
    await waitFor(() => expect(view.result.current.redeem.error).toMatchObject({ code: "bad_request" }));
    expect(portal.count("POST /api/credit/vouchers")).toBe(1);
    expect(portal.count("/api/account/money")).toBe(1);
    expect(portal.count("/api/credit/statement?days=30&page=1")).toBe(1);
  });
});
