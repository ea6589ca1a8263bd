// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JobView } from "@/app/api/jobs/schema";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { useMoneyOverview } from "./use-account";
import { useJobProgress } from "./use-job-progress";
import { useDeleteJobs, useFavorite, useJobList, usePrinters, useReleaseJobs } from "./use-jobs";

const job = (id: number): JobView => ({
  id,
  name: `Job ${id}.pdf`,
  submittedAt: "2026-12-01T10:00:00Z",
  pages: 1,
  copies: 1,
  color: false,
  duplex: false,
  cost: 0.1,
  favorite: false,
  state: "ready",
  expiresAt: null,
});

/** A list of `count` jobs, answered 50 at a time. */
function listOf(count: number) {
  return (start: number) => ({
    body: {
      jobs: Array.from({ length: Math.max(0, Math.min(50, count - start)) }, (_, index) => job(start + index + 1)),
      count,
      start,
      offered: true,
    },
  });
}

const money = { currency: "EUR", credit: { availableToPrint: 5, accounts: [] }, quota: null };

function serveJobs(extra: Parameters<typeof servePortal>[0] = {}) {
  const waiting = listOf(120);
  return servePortal({
    "/api/jobs?list=waiting&start=0": waiting(0),
    "/api/jobs?list=waiting&start=50": waiting(50),
    "/api/jobs?list=waiting&start=100": waiting(100),
    "/api/jobs?list=printed&start=0": listOf(0)(0),
    "/api/account/money": { body: money },
    "/api/printers": { body: { printers: [] } },
    ...extra,
  });
}

/** The Jobs page's reads, as its board makes them. */
function useBoard() {
  return {
    waiting: useJobList("waiting"),
    printed: useJobList("printed"),
    money: useMoneyOverview(),
    printers: usePrinters(),
    release: useReleaseJobs(),
    remove: useDeleteJobs(),
    favorite: useFavorite(),
  };
}

async function openBoard() {
  const client = tabClient();
  const page = renderWithClient(client, useBoard);
  await waitFor(() => {
    expect(page.result.current.waiting.data).toBeDefined();
    expect(page.result.current.printed.data).toBeDefined();
    expect(page.result.current.money.data).toBeDefined();
    expect(page.result.current.printers.data).toBeDefined();
  });
  return { client, page };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a job list", () => {
  it("reads 50 at a time: Show more adds the next 50, and a read again reads as many as are shown", async () => {
    const portal = serveJobs();
    const { page } = await openBoard();
    expect(page.result.current.waiting.data).toMatchObject({ count: 120, offered: true });
    expect(page.result.current.waiting.data?.jobs).toHaveLength(50);
    expect(page.result.current.waiting.hasNextPage).toBe(true);

    await act(() => page.result.current.waiting.fetchNextPage());
    await act(() => page.result.current.waiting.fetchNextPage());
    await waitFor(() => expect(page.result.current.waiting.data?.jobs).toHaveLength(120));
    expect(page.result.current.waiting.hasNextPage).toBe(false);

    await act(() => page.result.current.waiting.refetch());
    expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(2);
    expect(portal.count("/api/jobs?list=waiting&start=100")).toBe(2);
    expect(page.result.current.waiting.data?.jobs).toHaveLength(120);
  });
});

describe("the changes of jobs invalidate exactly what they change", () => {
  it("a release: every list and the money, not the printers", async () => {
    const portal = serveJobs({ "POST /api/jobs/release": { status: 202, body: { jobIds: [1], state: "queued" } } });
    const { page } = await openBoard();
    await act(() => page.result.current.release.mutateAsync({ printerId: 1, jobIds: [1], key: "release-key-1" }));
    await waitFor(() => {
      expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(2);
      expect(portal.count("/api/jobs?list=printed&start=0")).toBe(2);
      expect(portal.count("/api/account/money")).toBe(2);
    });
    expect(portal.count("/api/printers")).toBe(1);
  });

  it("a refused release: the printers when one went offline, the money when credit fell short, the lists when a job moved", async () => {
    let refusal = "printer_unavailable";
    const portal = serveJobs({ "POST /api/jobs/release": () => ({ status: 409, body: { error: refusal } }) });
    const { page } = await openBoard();
    const release = () =>
      act(() => page.result.current.release.mutateAsync({ printerId: 1, jobIds: [1], key: "k" }).catch(() => {}));

    await release();
    await waitFor(() => expect(portal.count("/api/printers")).toBe(2));
    expect(portal.count("/api/account/money")).toBe(1);
    expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(1);

    refusal = "insufficient_credit";
    await release();
    await waitFor(() => expect(portal.count("/api/account/money")).toBe(2));
    expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(1);

    refusal = "job_not_ready";
    await release();
    await waitFor(() => expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(2));
    expect(portal.count("/api/account/money")).toBe(2);
    expect(portal.count("/api/printers")).toBe(2);
  });

  it("a delete and a favourite: the lists, not the money", async () => {
    const portal = serveJobs({
      "POST /api/jobs/delete": { body: { deleted: [1] } },
      "PATCH /api/jobs/2": { body: { favorite: true } },
    });
    const { page } = await openBoard();
    await act(() => page.result.current.remove.mutateAsync([1]));
    await waitFor(() => expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(2));
    await act(() => page.result.current.favorite.mutateAsync({ id: 2, favorite: true }));
    await waitFor(() => expect(portal.count("/api/jobs?list=printed&start=0")).toBe(3));
    expect(portal.count("/api/account/money")).toBe(1);
  });
});

describe("a release's progress", () => {
  it("is asked every second while a job prints; when all are done the lists and the money are read again", async () => {
    const states = [
      { body: { jobs: [{ id: 1, state: "processing" }] } },
      { body: { jobs: [{ id: 1, state: "printed" }] } },
    ];
    const portal = serveJobs({ "/api/jobs/states?ids=1": () => states.shift() ?? states[0]! });
    const { client, page } = await openBoard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const progress = renderWithClient(client, () => useJobProgress("release-key-2", [1]));
      await waitFor(() => expect(progress.result.current).toEqual([{ id: 1, state: "processing" }]));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(progress.result.current).toEqual([{ id: 1, state: "printed" }]));
      await waitFor(() => expect(portal.count("/api/account/money")).toBe(2));
      expect(portal.count("/api/jobs?list=waiting&start=0")).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(portal.count("/api/jobs/states?ids=1")).toBe(2);
      expect(page.result.current.money.data).toEqual(money);
      expect(client.getQueryState(queryKeys.releaseProgress("release-key-2"))?.status).toBe("success");
    } finally {
      vi.useRealTimers();
    }
  });
});
