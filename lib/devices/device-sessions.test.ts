import { describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { log } from "@/lib/log";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StoredSession } from "@/lib/state/state-store";
import { attemptsOfPerson, endOtherSessions, endSessionByHandle, sessionsOfPerson } from "./device-sessions";
import { sessionHandleOf } from "./session-handle";
import { attemptsKept, recordSignInAttempt } from "./sign-in-attempts";

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const secret = "s".repeat(40);
const idleTimeoutSeconds = 1800;

function stored(userId: number, username: string, createdAt: number, userAgent?: string): StoredSession {
  const tokens = {
    accessToken: "a",
    refreshToken: `refresh-${username}-${createdAt}`,
    expiresAt: createdAt + 20_000,
    lifetimeSeconds: 20,
    scopes: [],
  };
  return { userId, username, fullName: username, tokens, createdAt, userAgent, address: "192.0.2.7" };
}

async function setUp() {
  const clock = { now: 1_000_000 };
  const store = new MemoryStateStore(() => clock.now);
  const open = async (id: string, session: StoredSession) => {
    await store.saveSession(id, session, idleTimeoutSeconds);
    await store.indexSession(session.userId, id, 3600);
  };
  await open("bob-phone", stored(2, "bob", clock.now, chrome));
  clock.now += 60_000;
  await open("bob-laptop", stored(2, "bob", clock.now, firefox));
  await open("alice-1", stored(1, "alice", clock.now, firefox));
  clock.now += 120_000;
  const revoked: string[] = [];
  const revoke = async (refreshToken: string) => void revoked.push(refreshToken);
  const deps = { store, secret, idleTimeoutSeconds, now: () => clock.now, revoke };
  const bob = { userId: 2, username: "bob", sessionId: "bob-laptop" };
  return { clock, store, deps, bob, revoked };
}

describe("a person's devices", () => {
  it("lists the person's own sessions, this browser's first, named by handle and never by id", async () => {
    const { deps, bob } = await setUp();
    const sessions = await sessionsOfPerson(bob, deps);
    expect(sessions).toEqual([
      {
        handle: sessionHandleOf("bob-laptop", secret),
        browser: "Firefox",
        system: "Windows",
        address: "192.0.2.7",
        startedAt: new Date(1_060_000).toISOString(),
        lastActiveAt: new Date(1_060_000).toISOString(),
        current: true,
      },
      expect.objectContaining({ browser: "Chrome", system: "Linux", current: false }),
    ]);
    expect(JSON.stringify(sessions)).not.toMatch(/bob-phone|bob-laptop|alice/);
  });

  it("takes the asker's own session as this request read it, without reading it again", async () => {
    const { store, deps, bob } = await setUp();
    const current = await store.readSession("bob-laptop");
    const reads: string[] = [];
    const read = store.readSession.bind(store);
    store.readSession = async (id) => (reads.push(id), read(id));
    const sessions = await sessionsOfPerson({ ...bob, current }, deps);
    expect(sessions.map((session) => session.current)).toEqual([true, false]);
    expect(reads).toEqual(["bob-phone"]);
  });

  it("tells when a session was last active from its idle timer's last restart", async () => {
    const { clock, store, deps, bob } = await setUp();
    await store.touchSession("bob-phone", idleTimeoutSeconds);
    const phone = (await sessionsOfPerson(bob, deps)).find((session) => !session.current);
    expect(phone?.lastActiveAt).toBe(new Date(clock.now).toISOString());
  });

  it("signs out one other session by its handle, but not this browser's nor another person's", async () => {
    const { store, deps, bob, revoked } = await setUp();
    expect(await endSessionByHandle(bob, sessionHandleOf("alice-1", secret), deps)).toBe(0);
    expect(await store.readSession("alice-1")).toBeDefined();
    expect(await endSessionByHandle(bob, sessionHandleOf("bob-laptop", secret), deps)).toBe(0);
    expect(await store.readSession("bob-laptop")).toBeDefined();
    expect(await endSessionByHandle(bob, sessionHandleOf("bob-phone", secret), deps)).toBe(1);
    expect(await store.readSession("bob-phone")).toBeUndefined();
    // Its refresh chain ends at the print server too, and only its own.
    expect(revoked).toEqual(["refresh-bob-1000000"]);
    expect(await endSessionByHandle(bob, sessionHandleOf("bob-phone", secret), deps)).toBe(0);
    expect(revoked).toHaveLength(1);
  });

  it("a person naming another person's session as theirs ends nothing", async () => {
    const { store, deps, revoked } = await setUp();
    const mallory = { userId: 1, username: "alice", sessionId: "alice-1" };
    expect(await endSessionByHandle(mallory, sessionHandleOf("bob-phone", secret), deps)).toBe(0);
    expect(await store.readSession("bob-phone")).toBeDefined();
    expect(revoked).toEqual([]);
  });

  it("signs out everywhere else, and their refresh chains end at the print server", async () => {
    const { store, deps, bob, revoked } = await setUp();
    expect(await endOtherSessions(bob, deps)).toBe(1);
    expect(revoked).toEqual(["refresh-bob-1000000"]);
    expect((await sessionsOfPerson(bob, deps)).map((session) => session.current)).toEqual([true]);
    expect(await store.readSession("alice-1")).toBeDefined();
  });

  it("words the person's attempts: the browser by name and why in a reason the page has a sentence for", async () => {
    const { clock, store, deps, bob } = await setUp();
    const base = { at: clock.now, method: "password" as const, userAgent: firefox, username: "bob" };
    await recordSignInAttempt({ ...base, outcome: "refused", reason: "invalid_credentials" }, store);
    await recordSignInAttempt({ ...base, outcome: "refused", reason: "locked" }, store);
    await recordSignInAttempt({ ...base, outcome: "refused", reason: "challenge_failed" }, store);
    await recordSignInAttempt({ ...base, outcome: "refused", reason: "something_new" }, store);
    await recordSignInAttempt({ ...base, outcome: "signed-in", reason: "signed-in", method: "pin" }, store);
    const attempts = await attemptsOfPerson(bob, deps);
    expect(attempts.map((entry) => entry.reason)).toEqual([
      "signedIn",
      "other",
      "challengeMissing",
      "tooManyAttempts",
      "wrongCredentials",
    ]);
    expect(attempts[4]).toEqual({
      at: new Date(clock.now).toISOString(),
      method: "password",
      outcome: "refused",
      reason: "wrongCredentials",
      browser: "Firefox",
      system: "Windows",
      address: null,
    });
  });

  describe("with the person's aliases", () => {
    const alice = { userId: 1, username: "alice", sessionId: "alice-1" };

    /** Refused attempts typed as these names, one a millisecond apart, the last the newest. */
    async function typed(store: MemoryStateStore, from: number, names: string[]) {
      for (const [i, username] of names.entries())
        await recordSignInAttempt(
          { at: from + i, method: "password", outcome: "refused", reason: "invalid_credentials", username },
          store,
        );
    }

    it("lists the attempts typed with an alias among the person's own, newest first, and not another person's", async () => {
      const { clock, store, deps } = await setUp();
      await typed(store, clock.now - 10, ["alice", " A.Liddell ", "bob", "alice", "a.liddell", "carol"]);
      const aliasesOf = vi.fn(async () => ["a.liddell", "alice.l"]);
      const attempts = await attemptsOfPerson(alice, { ...deps, aliasesOf });
      expect(attempts.map((entry) => Date.parse(entry.at) - (clock.now - 10))).toEqual([4, 3, 1, 0]);
      expect(aliasesOf).toHaveBeenCalledWith(alice);
      // Bob has no aliases: his list is his own.
      const bobs = await attemptsOfPerson({ userId: 2, username: "bob", sessionId: "bob-laptop" }, deps);
      expect(bobs.map((entry) => Date.parse(entry.at) - (clock.now - 10))).toEqual([2]);
    });

    it("shows each attempt once when an alias is the user name or another alias in another letter case", async () => {
      const { clock, store, deps } = await setUp();
      await typed(store, clock.now - 10, ["alice", "a.liddell"]);
      const aliasesOf = async () => ["Alice", " ALICE ", "a.liddell", "A.Liddell", ""];
      const attempts = await attemptsOfPerson(alice, { ...deps, aliasesOf });
      expect(attempts.map((entry) => Date.parse(entry.at) - (clock.now - 10))).toEqual([1, 0]);
    });

    it("keeps the newest hundred across the user name and the aliases", async () => {
      const { clock, store, deps } = await setUp();
      const from = clock.now - 10 * attemptsKept;
      await typed(
        store,
        from,
        Array.from({ length: attemptsKept * 2 }, (_, i) => (i % 2 ? "a.liddell" : "alice")),
      );
      const attempts = await attemptsOfPerson(alice, { ...deps, aliasesOf: async () => ["a.liddell"] });
      expect(attempts).toHaveLength(attemptsKept);
      expect(attempts[0]!.at).toBe(new Date(from + 2 * attemptsKept - 1).toISOString());
      expect(attempts.at(-1)!.at).toBe(new Date(from + attemptsKept).toISOString());
    });

    it("still lists the user name's attempts when the aliases cannot be read, and logs it without a name", async () => {
      const { clock, store, deps } = await setUp();
      await typed(store, clock.now - 10, ["alice", "a.liddell"]);
      const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
      try {
        const aliasesOf = async () => {
          throw new PortalError("unreachable", { reason: "print server away" });
        };
        const attempts = await attemptsOfPerson(alice, { ...deps, aliasesOf });
        expect(attempts.map((entry) => Date.parse(entry.at) - (clock.now - 10))).toEqual([0]);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(JSON.stringify(warn.mock.calls[0])).not.toMatch(/alice|liddell|token/i);
        expect(warn.mock.calls[0]![1]).toMatchObject({ errorCode: "unreachable" });
      } finally {
        warn.mockRestore();
      }
    });

    it("leaves a revoked token to end the session, as every read with it does", async () => {
      const { deps } = await setUp();
      const aliasesOf = async () => {
        throw new PortalError("session_ended", { reason: "token revoked" });
      };
      await expect(attemptsOfPerson(alice, { ...deps, aliasesOf })).rejects.toMatchObject({ code: "session_ended" });
    });
  });
});
