import { afterEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StateStore, StoredSession } from "@/lib/state/state-store";

// A session signed out while the store was out: ended on this instance at
// once, and in the store (with its refresh token revoked) once it answers.

vi.mock("@/lib/log", () => ({ log: { info: vi.fn(), warn: vi.fn() }, errorFields: () => ({}) }));
const { flushSignOuts, rememberSignOut, signedOutWhileStoreOut } = await import("./pending-sign-outs");

const stored: StoredSession = {
  userId: 2,
  username: "bob",
  fullName: "Bob",
  createdAt: Date.now(),
  tokens: { accessToken: "at", refreshToken: "rt", expiresAt: Date.now() + 60_000, lifetimeSeconds: 60, scopes: [] },
};

/** The memory store behind a switch: while `out`, every call fails as Redis's do. */
function switchableStore() {
  const real = new MemoryStateStore();
  const state = { out: true };
  const store = new Proxy(real, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        state.out
          ? Promise.reject(new PortalError("unavailable"))
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  }) as StateStore;
  return { real, store, state };
}

afterEach(() => vi.useRealTimers());

describe("sign-outs while the state store is out", () => {
  it("count as ended here at once, and end the stored session and its refresh chain when the store is back", async () => {
    const { real, store, state } = switchableStore();
    await real.saveSession("s-bob", stored, 600);
    const revoke = vi.fn(async () => undefined);
    const deps = { store: () => store, revoke, retryMs: 60_000 };

    rememberSignOut("s-bob", deps);
    expect(signedOutWhileStoreOut("s-bob")).toBe(true);
    expect(signedOutWhileStoreOut("s-other")).toBe(false);
    await flushSignOuts(deps);
    // Still out: still remembered, nothing revoked yet.
    expect(signedOutWhileStoreOut("s-bob")).toBe(true);
    expect(revoke).not.toHaveBeenCalled();

    state.out = false;
    await flushSignOuts(deps);
    expect(await real.readSession("s-bob")).toBeUndefined();
    expect(revoke).toHaveBeenCalledWith(expect.objectContaining({ username: "bob" }));
    expect(signedOutWhileStoreOut("s-bob")).toBe(false);
  });

  it("try the store again on their own until it answers", async () => {
    vi.useFakeTimers();
    const { real, store, state } = switchableStore();
    await real.saveSession("s-again", stored, 600);
    rememberSignOut("s-again", { store: () => store, revoke: async () => undefined, retryMs: 1_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(signedOutWhileStoreOut("s-again")).toBe(true);
    state.out = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signedOutWhileStoreOut("s-again")).toBe(false);
    expect(await real.readSession("s-again")).toBeUndefined();
  });
});
