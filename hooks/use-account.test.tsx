// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MoneyOverview } from "@/app/api/account/money/schema";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { useMoneyOverview, useProfile } from "./use-account";

const money = (available: number): MoneyOverview => ({
  currency: "EUR",
  credit: { availableToPrint: available, accounts: [{ name: "Credit", balance: available, minimumBalance: null }] },
  quota: null,
});
const alice = {
  username: "alice",
  fullName: "Alice",
  email: null,
  language: null,
  aliases: [],
  passwordManagedElsewhere: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the money overview", () => {
  it("is one entry of the tab's cache: the next page shows the last figure at once, then the new one", async () => {
    let available = 25.5;
    const portal = servePortal({ "/api/account/money": () => ({ body: money(available) }) });
    const client = tabClient();
    const home = renderWithClient(client, () => useMoneyOverview());
    await waitFor(() => expect(home.result.current.data?.credit?.availableToPrint).toBe(25.5));
    home.unmount();

    available = 20;
    const jobs = renderWithClient(client, () => useMoneyOverview());
    // The first render already has the figure: from the cache, not a skeleton.
    expect(jobs.result.current.isPending).toBe(false);
    expect(jobs.result.current.data?.credit?.availableToPrint).toBe(25.5);
    expect(jobs.result.current.isFetching).toBe(true);
    await waitFor(() => expect(jobs.result.current.data?.credit?.availableToPrint).toBe(20));
    expect(portal.count("/api/account/money")).toBe(2);
  });

  it("read by the server for the page is not read again as the page comes, but is on the tab's return", async () => {
    const portal = servePortal({ "/api/account/money": { body: money(3.2) } });
    const client = tabClient();
    const at = Date.now() - 500;
    const home = renderWithClient(client, () => useMoneyOverview({ data: money(3.2), at }));
    expect(home.result.current.data?.credit?.availableToPrint).toBe(3.2);
    expect(home.result.current.dataUpdatedAt).toBe(at);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(portal.count("/api/account/money")).toBe(0);

    act(() => {
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    });
    await waitFor(() => expect(portal.count("/api/account/money")).toBe(1));
  });

  it("keeps the last figures when a read fails, and says so", async () => {
    let down = false;
    servePortal({
      "/api/account/money": () => (down ? { status: 403, body: { error: "forbidden_scope" } } : { body: money(1) }),
    });
    const client = tabClient();
    const home = renderWithClient(client, () => useMoneyOverview());
    await waitFor(() => expect(home.result.current.data).toBeDefined());
    down = true;
    void home.result.current.refetch();
    await waitFor(() => expect(home.result.current.error).toMatchObject({ code: "forbidden_scope" }));
    expect(home.result.current.data?.credit?.availableToPrint).toBe(1);
  });
});

describe("the profile", () => {
  it("is read again on the next page, but on the tab's return only once five minutes old", async () => {
    const portal = servePortal({ "/api/me": { body: alice } });
    const client = tabClient();
    const home = renderWithClient(client, () => useProfile());
    await waitFor(() => expect(home.result.current.data?.fullName).toBe("Alice"));
    home.unmount();
    const profile = renderWithClient(client, () => useProfile());
    expect(profile.result.current.data?.fullName).toBe("Alice");
    await waitFor(() => expect(portal.count("/api/me")).toBe(2));
    await waitFor(() => expect(client.isFetching()).toBe(0));

    const comeBack = () =>
      act(() => {
        document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
      });
    comeBack();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(portal.count("/api/me")).toBe(2);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 5 * 60_000);
    comeBack();
    await waitFor(() => expect(portal.count("/api/me")).toBe(3));
  });
});
