import { afterEach, describe, expect, it, vi } from "vitest";

// The flag is the page's: each test loads the module afresh.
async function freshModule() {
  vi.resetModules();
  return import("./use-hydrated");
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's hydrated flag", () => {
  it("flips two tasks after the first subscription: the first loads the formatting data alone", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("document", { documentElement: { lang: "de" } });
    const { subscribeToHydration, isHydrated } = await freshModule();
    const first = vi.fn();
    const second = vi.fn();
    subscribeToHydration(first);
    subscribeToHydration(second);
    await Promise.resolve();
    expect(isHydrated()).toBe(false);
    const formatter = vi.spyOn(Intl, "DateTimeFormat");
    vi.runOnlyPendingTimers();
    expect(formatter).toHaveBeenCalledExactlyOnceWith("de", { timeStyle: "medium" });
    formatter.mockRestore();
    expect(isHydrated()).toBe(false);
    expect(first).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(isHydrated()).toBe(true);
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
    // From then on it stays true, and nothing else is scheduled.
    subscribeToHydration(vi.fn());
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not call a component that unsubscribed before the flip", async () => {
    vi.useFakeTimers();
    const { subscribeToHydration, isHydrated } = await freshModule();
    const gone = vi.fn();
    subscribeToHydration(gone)();
    vi.runAllTimers();
    expect(gone).not.toHaveBeenCalled();
    expect(isHydrated()).toBe(true);
  });
});
