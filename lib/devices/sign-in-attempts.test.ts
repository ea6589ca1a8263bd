import { describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { attemptsKept, recordSignInAttempt, signInAttemptsOf, type SignInAttempt } from "./sign-in-attempts";

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const day = 24 * 3600 * 1000;

function attempt(at: number, overrides: Partial<SignInAttempt> = {}): SignInAttempt {
  return {
    at,
    method: "password",
    outcome: "refused",
    reason: "invalid_credentials",
    userAgent: firefox,
    ...overrides,
  };
}

describe("sign-in attempts", () => {
  it("files attempts under the person's name however it was typed, newest first", async () => {
    const store = new MemoryStateStore();
    const now = Date.now();
    // Full-width letters, as some keyboards type them: sign-in takes them for "bob" too.
    await recordSignInAttempt({ ...attempt(now - 2000), username: "\uff42\uff4f\uff42" }, store);
    await recordSignInAttempt({ ...attempt(now - 1000), username: "Bob " }, store);
    await recordSignInAttempt(
      {
        ...attempt(now, { outcome: "signed-in", reason: "signed-in", userId: 2, address: "192.0.2.7" }),
        username: "bob",
      },
      store,
    );
    await recordSignInAttempt({ ...attempt(now), username: "alice" }, store);
    const bobs = await signInAttemptsOf("BOB", store, now);
    expect(bobs.map((entry) => entry.outcome)).toEqual(["signed-in", "refused", "refused"]);
    expect(bobs[0]).toMatchObject({ userId: 2, address: "192.0.2.7", userAgent: firefox, method: "password" });
    expect(await signInAttemptsOf("alice", store, now)).toHaveLength(1);
  });

  it("reads the lists of several names as one, newest first, each list once, at most a hundred", async () => {
    const store = new MemoryStateStore();
    const now = Date.now();
    await recordSignInAttempt({ ...attempt(now - 3000), username: "alice" }, store);
    await recordSignInAttempt({ ...attempt(now - 2000), username: " A.Liddell " }, store);
    await recordSignInAttempt({ ...attempt(now - 1000, { reason: "locked" }), username: "alice" }, store);
    await recordSignInAttempt({ ...attempt(now - 500), username: "bob" }, store);
    const alices = await signInAttemptsOf(["alice", "a.liddell", "ALICE ", " a.LIDDELL", ""], store, now);
    expect(alices.map((entry) => entry.at)).toEqual([now - 1000, now - 2000, now - 3000]);

    for (let i = attemptsKept - 1; i >= 0; i--) {
      await recordSignInAttempt({ ...attempt(now - 2 * i - 1), username: "c.alias" }, store);
      await recordSignInAttempt({ ...attempt(now - 2 * i), username: "carol" }, store);
    }
    const carols = await signInAttemptsOf(["carol", "c.alias"], store, now);
    expect(carols).toHaveLength(attemptsKept);
    expect(carols.map((entry) => entry.at)).toEqual(Array.from({ length: attemptsKept }, (_, i) => now - i));
  });

  it("keeps nothing for an attempt that names no one (a PIN alone)", async () => {
    const store = new MemoryStateStore();
    await recordSignInAttempt({ ...attempt(Date.now(), { method: "pin" }) }, store);
    await recordSignInAttempt({ ...attempt(Date.now(), { method: "pin" }), username: "  " }, store);
    expect(store.size).toBe(0);
  });

  it("keeps the newest hundred and only those of the last 30 days", async () => {
    const store = new MemoryStateStore();
    const now = Date.now();
    await recordSignInAttempt({ ...attempt(now - 31 * day), username: "bob" }, store);
    for (let i = 0; i < attemptsKept + 5; i++)
      await recordSignInAttempt({ ...attempt(now - i), username: "bob" }, store);
    const kept = await signInAttemptsOf("bob", store, now);
    expect(kept).toHaveLength(attemptsKept);
    expect(kept[0]!.at).toBe(now - attemptsKept - 4);
    await recordSignInAttempt({ ...attempt(now - 31 * day), username: "carol" }, store);
    expect(await signInAttemptsOf("carol", store, now)).toEqual([]);
  });

  it("stores no field but the attempt's own (no PIN or password passed along by mistake), and a short user agent", async () => {
    const store = new MemoryStateStore();
    const push = vi.spyOn(store, "pushToList");
    const careless = { ...attempt(Date.now()), password: "hunter2", pin: "1234", userAgent: "x".repeat(5000) };
    await recordSignInAttempt({ ...careless, username: "bob" }, store);
    const [name, raw] = push.mock.calls[0]!;
    expect(raw).not.toContain("hunter2");
    expect(raw).not.toContain("1234");
    expect(`${name} ${raw}`).not.toContain("bob");
    expect((await signInAttemptsOf("bob", store))[0]!.userAgent).toHaveLength(400);
  });

  it("costs the record, not the sign-in, when the store is away", async () => {
    const store = new MemoryStateStore();
    vi.spyOn(store, "pushToList").mockRejectedValue(new PortalError("unavailable"));
    await expect(recordSignInAttempt({ ...attempt(Date.now()), username: "bob" }, store)).resolves.toBeUndefined();
  });
});
