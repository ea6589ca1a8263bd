import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { PortalError } from "@/lib/browser-safe/errors";
import type { TokenSet } from "@/lib/print-server/token-set";
import { accessTokenFor } from "@/lib/auth/access-token";
import { RedisStateStore } from "./redis-state-store";
import { sessionsPerPerson, type StoredSession } from "./state-store";
import { freePort } from "@/scripts/lib/free-port.mjs";

// Against a real redis-server (Debian package redis-server), started on a free
// local port for this file only: two store objects stand for two portal
// instances behind a load balancer.

let server: ChildProcess;
let clients: Redis[] = [];
let port = 0;

function instance(prefix: string, callTimeoutMs?: number): RedisStateStore {
  const redis = new Redis({ host: "127.0.0.1", port, lazyConnect: false });
  clients.push(redis);
  return new RedisStateStore(redis, "s".repeat(40), prefix, callTimeoutMs);
}

function session(name: string, now = Date.now()): StoredSession {
  return {
    userId: 1,
    username: "alice",
    fullName: "Alice Liddell",
    createdAt: now,
    tokens: {
      accessToken: `access-${name}`,
      refreshToken: `refresh-${name}`,
      expiresAt: now + 20_000,
      lifetimeSeconds: 20,
      scopes: [],
    },
  };
}

beforeAll(async () => {
  port = await freePort();
  server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const probe = new Redis({ host: "127.0.0.1", port, retryStrategy: (times) => (times > 50 ? null : 100) });
  // Refused connections are expected until the server is up.
  probe.on("error", () => undefined);
  await probe.ping();
  await probe.quit();
}, 20_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  clients = [];
  server?.kill();
});

describe("RedisStateStore", () => {
  it("shares sessions between instances and keeps tokens encrypted at rest", async () => {
    const a = instance("t1:");
    const b = instance("t1:");
    await a.saveSession("sid", session("0"), 60);
    const read = await b.readSession("sid");
    expect(read?.session.tokens.accessToken).toBe("access-0");
    expect(read?.expiresAt).toBeGreaterThan(Date.now() + 55_000);
    const raw = await clients[0]!.get("t1:session:sid");
    expect(raw).toBeTruthy();
    expect(raw).not.toContain("access-0");
    expect(raw).not.toContain("alice");
    await b.deleteSession("sid");
    expect(await a.readSession("sid")).toBeUndefined();
  });

  it("reads a value written with another secret as no session", async () => {
    const a = instance("t2:");
    await a.saveSession("sid", session("0"), 60);
    const other = new RedisStateStore(clients[0]!, "o".repeat(40), "t2:");
    expect(await other.readSession("sid")).toBeUndefined();
  });

  it("reads a value copied under another session's key as no session", async () => {
    const a = instance("t2b:");
    await a.saveSession("alice-sid", session("alice"), 60);
    await a.saveSession("mallory-sid", session("mallory"), 60);
    const raw = clients[0]!;
    await raw.set("t2b:session:mallory-sid", (await raw.get("t2b:session:alice-sid"))!, "EX", 60);
    await raw.set("t2b:session:fresh-sid", (await raw.get("t2b:session:alice-sid"))!, "EX", 60);
    expect(await a.readSession("mallory-sid")).toBeUndefined();
    expect(await a.readSession("fresh-sid")).toBeUndefined();
    expect((await a.readSession("alice-sid"))?.session.tokens.accessToken).toBe("access-alice");
  });

  it("slides the idle timeout on touch", async () => {
    const a = instance("t3:");
    await a.saveSession("sid", session("0"), 5);
    await a.touchSession("sid", 500);
    expect(await clients[0]!.ttl("t3:session:sid")).toBeGreaterThan(100);
  });

  it("refreshes once across two instances under parallel requests", async () => {
    const a = instance("t4:");
    const b = instance("t4:");
    const now = Date.now();
    // A token already inside its refresh margin.
    const stale = session("0", now - 15_000);
    await a.saveSession("sid", stale, 600);
    const used: string[] = [];
    const refresh = async (refreshToken: string): Promise<TokenSet> => {
      used.push(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (refreshToken !== "refresh-0") throw new PortalError("session_ended");
      return {
        accessToken: "access-1",
        refreshToken: "refresh-1",
        expiresAt: Date.now() + 20_000,
        lifetimeSeconds: 20,
        scopes: [],
      };
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        accessTokenFor("sid", stale, { store: i % 2 ? a : b, refresh, idleTimeoutSeconds: 600 }),
      ),
    );
    expect(used).toEqual(["refresh-0"]);
    expect(new Set(results.map((r) => r.accessToken))).toEqual(new Set(["access-1"]));
  });

  it("gives every waiting instance the pair of a refresh slower than the print server time limit", async () => {
    const callTimeoutMs = 100;
    const [a, b] = [instance("slow:", callTimeoutMs), instance("slow:", callTimeoutMs)];
    const stale = session("0", Date.now() - 25_000);
    await a.saveSession("sid", stale, 600);
    const used: string[] = [];
    const refresh = async (refreshToken: string): Promise<TokenSet> => {
      used.push(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, 10 * callTimeoutMs));
      return { ...session("1").tokens };
    };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        accessTokenFor("sid", stale, { store: i % 2 ? a : b, refresh, idleTimeoutSeconds: 600 }),
      ),
    );
    expect(used).toEqual(["refresh-0"]);
    expect(new Set(results.map((r) => r.accessToken))).toEqual(new Set(["access-1"]));
    expect((await b.readSession("sid"))?.session.tokens.refreshToken).toBe("refresh-1");
  });

  it("updates a session only while it exists: a sign-out on another instance stays", async () => {
    const [a, b] = [instance("upd:"), instance("upd:")];
    await a.saveSession("s1", session("0"), 600);
    expect(await a.updateSession("s1", session("1"), 600)).toBe(true);
    expect((await b.readSession("s1"))?.session.tokens.accessToken).toBe("access-1");
    await b.deleteSession("s1");
    expect(await a.updateSession("s1", session("2"), 600)).toBe(false);
    expect(await b.readSession("s1")).toBeUndefined();
  });

  it("counts failed sign-ins in a shared window", async () => {
    const a = instance("t5:");
    const b = instance("t5:");
    expect((await a.hit("addr", 900)).count).toBe(1);
    const second = await b.hit("addr", 900);
    expect(second.count).toBe(2);
    expect(second.resetInSeconds).toBeGreaterThan(890);
    expect((await a.peek("addr")).count).toBe(2);
    expect((await a.peek("another address")).count).toBe(0);
  });

  it("takes a claimed hit back, never below zero and never creating a window", async () => {
    const a = instance("t6:");
    const b = instance("t6:");
    await a.hit("claim", 900);
    await a.hit("claim", 900);
    await b.unhit("claim");
    expect((await a.peek("claim")).count).toBe(1);
    await b.unhit("claim");
    await b.unhit("claim");
    expect((await a.peek("claim")).count).toBe(0);
    await a.unhit("never hit");
    expect(await a.peek("never hit")).toEqual({ count: 0, resetInSeconds: 0 });
  });

  it("answers 'unavailable' when Redis does not answer in time, and works again once it does", async () => {
    // A Redis that is not there (yet): the client queues commands while it reconnects.
    const laterPort = await freePort();
    const redis = new Redis({
      host: "127.0.0.1",
      port: laterPort,
      maxRetriesPerRequest: null,
      retryStrategy: () => 100,
    });
    redis.on("error", () => undefined);
    const store = new RedisStateStore(redis, "s".repeat(40), "t7:", undefined, 300);
    for (const call of [
      () => store.readSession("s1"),
      () => store.saveSession("s1", session("1"), 600),
      () => store.hit("addr", 900),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PortalError);
      expect((error as PortalError).code).toBe("unavailable");
    }

    const late = spawn("redis-server", ["--port", String(laterPort), "--bind", "127.0.0.1", "--save", ""], {
      stdio: "ignore",
    });
    try {
      await expect
        .poll(
          () =>
            store.saveSession("s2", session("2"), 600).then(
              () => "saved",
              () => "not yet",
            ),
          {
            timeout: 15_000,
          },
        )
        .toBe("saved");
      expect((await store.readSession("s2"))?.session.username).toBe("alice");
    } finally {
      // Not quit(): with its server gone a QUIT would wait in the offline queue forever.
      redis.disconnect();
      late.kill();
    }
  }, 30_000);

  it("ends every other session of a person from any instance, at once, and keeps only session ids in the index", async () => {
    const a = instance("t9:");
    const b = instance("t9:");
    for (const [sid, store] of [
      ["b1", a],
      ["b2", b],
      ["b3", a],
    ] as const) {
      await store.saveSession(sid, { ...session(sid), userId: 2 }, 600);
      await store.indexSession(2, sid, 3600);
    }
    await a.saveSession("a1", session("a1"), 600);
    await a.indexSession(1, "a1", 3600);
    expect(await b.sessionsOf(2)).toEqual(["b1", "b2", "b3"]);
    const raw = clients[0]!;
    expect(await raw.zrange("t9:sessions-of:2", "0", "-1")).toEqual(["b1", "b2", "b3"]);
    const ttl = await raw.pttl("t9:sessions-of:2");
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);

    expect(await b.endOtherSessions(2, "b2")).toBe(2);
    expect(await a.readSession("b1")).toBeUndefined();
    expect(await a.readSession("b3")).toBeUndefined();
    expect(await a.readSession("b2")).toBeDefined();
    expect(await a.readSession("a1")).toBeDefined();
    expect(await a.sessionsOf(2)).toEqual(["b2"]);

    await a.deleteSession("b2", 2);
    expect(await b.sessionsOf(2)).toEqual([]);
    expect(await b.readSession("b2")).toBeUndefined();
  });

  it("bounds a person's index, ending the oldest sessions, and lets its entries run out with their lifetime", async () => {
    const a = instance("t10:");
    const ended = [];
    for (let i = 0; i < sessionsPerPerson + 5; i++) {
      // Ids that sort first, so a tie within one millisecond would rank the newest lowest.
      const id = `s${String(1000 - i).padStart(4, "0")}`;
      await a.saveSession(id, session(id), 600);
      ended.push(...(await a.indexSession(1, id, 600)));
      expect(await a.sessionsOf(1)).toContain(id);
    }
    const held = await a.sessionsOf(1);
    expect(held).toHaveLength(sessionsPerPerson);
    expect(ended).toHaveLength(5);
    for (const gone of ended) {
      const id = gone.tokens.accessToken.replace("access-", "");
      expect(held).not.toContain(id);
      expect(await a.readSession(id)).toBeUndefined();
    }
    const live = await Promise.all(held.map((id) => a.readSession(id)));
    expect(live.every((s) => s !== undefined)).toBe(true);
    await a.indexSession(3, "short", 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await a.sessionsOf(3)).toEqual([]);
    expect(await clients[0]!.exists("t10:sessions-of:3")).toBe(0);
  });

  it("keeps the bound when one person signs in many times at once on several instances", async () => {
    const instances = [instance("t11:"), instance("t11:")];
    const ids = Array.from({ length: sessionsPerPerson + 20 }, (_, i) => `p${i}`);
    await Promise.all(ids.map((id, i) => instances[i % 2]!.saveSession(id, session(id), 600)));
    const ended = (await Promise.all(ids.map((id, i) => instances[i % 2]!.indexSession(1, id, 600)))).flat();
    const held = await instances[0]!.sessionsOf(1);
    expect(held).toHaveLength(sessionsPerPerson);
    expect(ended).toHaveLength(20);
    const endedIds = ended.map((s) => s.tokens.accessToken.replace("access-", ""));
    expect(new Set([...held, ...endedIds]).size).toBe(ids.length);
  });

  it("ends one session of a person only when it is theirs, across instances", async () => {
    const a = instance("t20:");
    const b = instance("t20:");
    await a.saveSession("alice-1", session("a"), 60);
    await a.indexSession(1, "alice-1", 600);
    await a.saveSession("bob-1", { ...session("b"), userId: 2, username: "bob" }, 60);
    await a.indexSession(2, "bob-1", 600);

    expect(await b.endSessionOf(2, "alice-1")).toBe(false);
    expect(await a.readSession("alice-1")).toBeDefined();
    expect(await a.sessionsOf(1)).toEqual(["alice-1"]);

    expect(await b.endSessionOf(1, "alice-1")).toBe(true);
    expect(await a.readSession("alice-1")).toBeUndefined();
    expect(await a.sessionsOf(1)).toEqual([]);
    expect(await b.endSessionOf(1, "alice-1")).toBe(false);
    expect(await a.readSession("bob-1")).toBeDefined();
  });

  it("keeps a bounded list, newest first, that expires after its last addition", async () => {
    const a = instance("t21:");
    const b = instance("t21:");
    for (const entry of ["1", "2", "3", "4"]) await a.pushToList("l", entry, 3, 60);
    expect(await b.readList("l")).toEqual(["4", "3", "2"]);
    expect(await b.readList("other")).toEqual([]);
    const ttl = await clients[0]!.ttl("t21:list:l");
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});
