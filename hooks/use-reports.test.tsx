// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { recentReports } from "./use-recent-reports";
import { fetchExecutionStatus, useReports } from "./use-reports";
import { useStartReport } from "./use-start-report";
import { useRetryStatusChecks, useStatusChecks, useStatusChecksFailing } from "./use-status-checks";

const started = { executionId: 7, reportId: 3, reportName: "My monthly summary", format: "csv", startedAt: 1 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe("the reports", () => {
  it("are on the next visit at once, from the tab's cache, and read again behind", async () => {
    const portal = servePortal({ "/api/reports": { body: { offered: true, reports: [] } } });
    const client = tabClient();
    const first = renderWithClient(client, useReports);
    await waitFor(() => expect(first.result.current.data?.offered).toBe(true));
    first.unmount();
    const second = renderWithClient(client, useReports);
    expect(second.result.current.data?.offered).toBe(true);
    await waitFor(() => expect(portal.count("/api/reports")).toBe(2));
  });

  it("a start puts the run at the top of Recent reports as running, in place of the one it replaces", async () => {
    servePortal({ "POST /api/reports/executions": { status: 202, body: started } });
    recentReports.add("recent:u1", { ...started, executionId: 5, format: "csv", startedAt: 0, state: "failed" });
    const start = renderWithClient(tabClient(), () => useStartReport("recent:u1"));
    await act(() => start.result.current.mutateAsync({ reportId: 3, format: "csv", replaces: 5 }));
    expect(recentReports.entries("recent:u1").map((entry) => [entry.executionId, entry.state])).toEqual([
      [7, "running"],
    ]);
  });
});

describe("the checks on a running report", () => {
  function watch(running: { value: boolean }) {
    const check = vi.fn(fetchExecutionStatus);
    function useWatcher() {
      return {
        checks: useStatusChecks(7, { check, running: () => running.value }),
        failing: useStatusChecksFailing(),
        retry: useRetryStatusChecks(),
      };
    }
    return { check, hook: useWatcher };
  }

  it("ask again with a growing pause while it runs, and stop when it is done", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    servePortal({ "/api/reports/executions/7/status": { body: { status: "running" } } });
    const running = { value: true };
    const { check, hook } = watch(running);
    const view = renderWithClient(tabClient(), hook);
    await waitFor(() => expect(view.result.current.checks.data).toBe("running"));
    expect(check).toHaveBeenCalledTimes(1);
    // The first pause is 1.5 s (poll-backoff.ts): not yet at 1 s.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(check).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    running.value = false;
    await act(() => vi.advanceTimersByTimeAsync(2300));
    await waitFor(() => expect(check).toHaveBeenCalledTimes(3));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(check).toHaveBeenCalledTimes(3);
  });

  it("say when the last check failed, and Retry checks at once", async () => {
    let down = false;
    const portal = servePortal({
      "/api/reports/executions/7/status": () =>
        down ? { status: 503, body: { error: "unreachable" } } : { body: { status: "running" } },
    });
    const { hook } = watch({ value: false });
    const view = renderWithClient(tabClient(), hook);
    await waitFor(() => expect(view.result.current.checks.data).toBe("running"));
    expect(view.result.current.failing).toBe(false);

    down = true;
    act(() => view.result.current.retry());
    await waitFor(() => expect(view.result.current.failing).toBe(true));
    // A failed check is not tried again by itself: the next check is the retry.
    expect(portal.count("/api/reports/executions/7/status")).toBe(2);

    down = false;
    act(() => view.result.current.retry());
    await waitFor(() => expect(view.result.current.failing).toBe(false));
    expect(portal.count("/api/reports/executions/7/status")).toBe(3);
  });
});
