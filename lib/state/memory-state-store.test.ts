import { describe, expect, it } from "vitest";
import { sessionsPerPerson, type StoredSession } from "./state-store";
import { MemoryStateStore } from "./memory-state-store";

function session(expiresAt: number): StoredSession {
  const tokens = { accessToken: "a", refreshToken: "r", expiresAt, lifetimeSeconds: 20, scopes: [] };
  return { userId: 1, username: "alice", fullName: "Alice Liddell", tokens, createdAt: 0 };
}

describe("MemoryStateStore", () => {
  it("expires sessions after the idle timeout and slides it on touch", async () => {
    const clock = { now: 0 };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s", session(0), 60);
    clock.now = 50_000;
    await store.touchSession("s", 60);
    clock.now = 100_000;
    expect(await store.readSession("s")).toMatchObject({ expiresAt: 110_000 });
    clock.now = 111_000;
    expect(await store.readSession("s")).toBeUndefined();
  });

  it("counts hits in a window", async () => {
    const clock = { now: 0 };
    const store = new MemoryStateStore(() => clock.now);
    expect((await store.hit("k", 60)).count).toBe(1);
    expect(await store.hit("k", 60)).toEqual({ count: 2, resetInSeconds: 60 });
    clock.now = 30_000;
    expect(await store.peek("k")).toEqual({ count: 2, resetInSeconds: 30 });
    await store.unhit("k");
    expect((await store.peek("k")).count).toBe(1);
    await store.unhit("k");
    await store.unhit("k");
    expect((await store.peek("k")).count).toBe(0);
    clock.now = 61_000;
    expect((await store.peek("k")).count).toBe(0);
  });

  it("sweeps out expired entries once it holds many, at most once per interval", async () => {
    const clock = { now: 0 };
    const store = new MemoryStateStore(() => clock.now, { fromEntries: 3, everyMs: 60_000 });
    await store.saveSession("a", session(0), 10);
    await store.saveSession("b", session(0), 10);
    await store.hit("k", 10);
    clock.now = 11_000;
    // Three entries held, all expired: the next save sweeps them.
    await store.saveSession("c", session(0), 10);
    expect(store.size).toBe(1);
    await store.saveSession("d", session(0), 10);
    await store.hit("l", 10);
    clock.now = 22_000;
    // Held past the threshold again, but swept 11 s ago: kept until the interval is over.
    await store.saveSession("e", session(0), 100);
    expect(store.size).toBe(4);
    clock.now = 71_000;
    await store.hit("m", 10);
    expect(store.size).toBe(2);
    expect(await store.readSession("e")).toBeDefined();
  });

  it("runs locked tasks one after another even when one fails", async () => {
    const store = new MemoryStateStore();
    const order: string[] = [];
    const slow = store.withLock("k", async () => {
      order.push("a-start");
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push("a-end");
      throw new Error("a failed");
    });
    const fast = store.withLock("k", async () => {
      order.push("b");
      return "b";
    });
    await expect(slow).rejects.toThrow("a failed");
    await expect(fast).resolves.toBe("b");
    expect(order).toEqual(["a-start", "a-end", "b"]);
  });

  describe("each person's index of sessions", () => {
    const of = (userId: number) => ({ ...session(0), userId });

    it("ends every other session of one person at once, keeping the current one and everyone else's", async () => {
      const store = new MemoryStateStore();
      for (const [sid, userId] of [
        ["b1", 2],
        ["b2", 2],
        ["b3", 2],
        ["a1", 1],
      ] as const) {
        await store.saveSession(sid, of(userId), 600);
        await store.indexSession(userId, sid, 3600);
      }
      expect(await store.sessionsOf(2)).toEqual(["b1", "b2", "b3"]);
      expect(await store.endOtherSessions(2, "b2")).toBe(2);
      expect(await store.readSession("b1")).toBeUndefined();
      expect(await store.readSession("b3")).toBeUndefined();
      expect(await store.readSession("b2")).toBeDefined();
      expect(await store.readSession("a1")).toBeDefined();
      expect(await store.sessionsOf(2)).toEqual(["b2"]);
      expect(await store.sessionsOf(1)).toEqual(["a1"]);
    });

    it("drops an entry when its session is deleted with its person, and when its lifetime is over", async () => {
      const clock = { now: 0 };
      const store = new MemoryStateStore(() => clock.now);
      await store.indexSession(1, "s1", 60);
      await store.indexSession(1, "s2", 120);
      await store.deleteSession("s1", 1);
      expect(await store.sessionsOf(1)).toEqual(["s2"]);
      clock.now = 120_000;
      expect(await store.sessionsOf(1)).toEqual([]);
      expect(store.size).toBe(0);
    });

    it("holds at most sessionsPerPerson sessions of one person, the oldest ending", async () => {
      const store = new MemoryStateStore();
      const ended = [];
      for (let i = 0; i < sessionsPerPerson + 5; i++) {
        await store.saveSession(`s${i}`, { ...session(0), createdAt: i }, 600);
        ended.push(...(await store.indexSession(1, `s${i}`, 600)));
      }
      const held = await store.sessionsOf(1);
      expect(held).toHaveLength(sessionsPerPerson);
      expect(held[0]).toBe("s5");
      expect(ended.map((s) => s.createdAt)).toEqual([0, 1, 2, 3, 4]);
      expect(await store.readSession("s4")).toBeUndefined();
      expect(await store.readSession("s5")).toBeDefined();
    });
  });

  it("ends one session of a person only when it is theirs (another person's id does nothing)", async () => {
    const store = new MemoryStateStore();
    await store.saveSession("alice-1", session(0), 60);
    await store.indexSession(1, "alice-1", 600);
    await store.saveSession("bob-1", { ...session(0), userId: 2, username: "bob" }, 60);
    await store.indexSession(2, "bob-1", 600);

    expect(await store.endSessionOf(2, "alice-1")).toBe(false);
    expect(await store.readSession("alice-1")).toBeDefined();
    expect(await store.sessionsOf(1)).toEqual(["alice-1"]);

    expect(await store.endSessionOf(1, "alice-1")).toBe(true);
    expect(await store.readSession("alice-1")).toBeUndefined();
    expect(await store.sessionsOf(1)).toEqual([]);
    expect(await store.endSessionOf(1, "alice-1")).toBe(false);
    expect(await store.readSession("bob-1")).toBeDefined();
  });

  it("keeps a bounded list, newest first, until it expires after its last addition", async () => {
    const clock = { now: 0 };
    const store = new MemoryStateStore(() => clock.now);
    for (const entry of ["1", "2", "3", "4"]) await store.pushToList("l", entry, 3, 60);
    expect(await store.readList("l")).toEqual(["4", "3", "2"]);
    expect(await store.readList("other")).toEqual([]);
    clock.now = 59_000;
    await store.pushToList("l", "5", 3, 60);
    clock.now = 110_000;
    expect(await store.readList("l")).toEqual(["5", "4", "3"]);
    clock.now = 120_000;
    expect(await store.readList("l")).toEqual([]);
  });
});
