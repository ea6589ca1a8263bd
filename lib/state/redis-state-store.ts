import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { PortalError } from "@/lib/browser-safe/errors";
import { lockTtlFor } from "./lock-lifetime";
import { sessionsPerPerson, type HitCount, type LiveSession, type StateStore, type StoredSession } from "./state-store";

// The state shared by several portal instances. Session values hold print
// server tokens, so they are encrypted (AES-256-GCM, key derived from
// AUTH_SECRET) before they reach Redis, and bound to their session id (the
// id is the cipher's additional data): a value copied under another key, by
// anyone who can write to Redis, opens as no session.
//
// Redis restarting (a deployment, a crash) is waited out for a few seconds:
// the client queues commands while it reconnects (configured-state-store.ts),
// so a quick restart costs a short delay. Longer, every call fails as the
// PortalError "unavailable" (503, "try again in a moment"), never a crash.

// INCR and set the window's expiry on the first hit, atomically.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

// Take one back only from a live window (never create one, never below zero).
const unhitScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

// A person's index is a sorted set of session ids scored by when each entry
// expires (epoch ms); the set itself expires with its last entry.

// Add one entry, drop expired ones, and end the oldest beyond the bound
// (ARGV[5] is the session keys' prefix): answers id, sealed value, id, ...
// of those ended. Entries of the same millisecond rank by id, so the new one
// is passed over by name.
const indexScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
local ended = {}
if excess > 0 then
  for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, excess)) do
    if excess > 0 and id ~= ARGV[2] then
      local key = ARGV[5] .. id
      table.insert(ended, id)
      table.insert(ended, redis.call('GET', key) or '')
      redis.call('DEL', key)
      redis.call('ZREM', KEYS[1], id)
      excess = excess - 1
    end
  end
end
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return ended
`;

// Delete every indexed session but one (ARGV[2]); ARGV[3] is the session keys' prefix.
const endOthersScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local ended = 0
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if id ~= ARGV[2] then
    ended = ended + redis.call('DEL', ARGV[3] .. id)
    redis.call('ZREM', KEYS[1], id)
  end
end
return ended
`;

// Delete one session only if it is in this person's index (ARGV[1]: the id, ARGV[2]: its key).
const endOneScript = `
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
return redis.call('DEL', ARGV[2])
`;

// Delete the lock only if this holder still owns it.
const unlockScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** The additional data that ties a sealed session to its id. */
const boundTo = (sessionId: string) => Buffer.from(`session\0${sessionId}`, "utf8");

export class RedisStateStore implements StateStore {
  private readonly key: Buffer;

  private readonly lockTtlMs: number;

  constructor(
    private readonly redis: Redis,
    secret: string,
    private readonly prefix = "print-portal:",
    callTimeoutMs = 10_000,
    /** How long one call waits for an unreachable Redis before the request gives up. */
    private readonly outageWaitMs = 5_000,
  ) {
    this.lockTtlMs = lockTtlFor(callTimeoutMs);
    // The label predates the store's name; changing it would sign everyone out.
    this.key = Buffer.from(hkdfSync("sha256", secret, "print-portal", "session-store v1", 32));
  }

  private seal(sessionId: string, session: StoredSession): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(boundTo(sessionId));
    const body = Buffer.concat([cipher.update(JSON.stringify(session), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  private open(sessionId: string, sealed: string): StoredSession | undefined {
    try {
      const raw = Buffer.from(sealed, "base64");
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAAD(boundTo(sessionId));
      decipher.setAuthTag(raw.subarray(12, 28));
      const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      return JSON.parse(json) as StoredSession;
    } catch {
      // Written with another AUTH_SECRET, under another session id, or damaged: treat as no session.
      return undefined;
    }
  }

  /** One Redis call, bounded by outageWaitMs; a failure or an outage is "unavailable". */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const outage = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error("no answer from Redis in time")), this.outageWaitMs);
    });
    try {
      return await Promise.race([operation(), outage]);
    } catch (error) {
      if (error instanceof PortalError) throw error;
      throw new PortalError("unavailable", { reason: "state store unreachable", cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private sessionKey(sessionId: string): string {
    return `${this.prefix}session:${sessionId}`;
  }

  async readSession(sessionId: string): Promise<LiveSession | undefined> {
    // Value and time left in one round trip.
    const key = this.sessionKey(sessionId);
    const answers = await this.call(() => this.redis.multi().get(key).pttl(key).exec());
    const sealed = answers?.[0]?.[1] as string | null | undefined;
    const ttlMs = answers?.[1]?.[1] as number | undefined;
    const session = sealed ? this.open(sessionId, sealed) : undefined;
    if (!session || ttlMs === undefined || ttlMs <= 0) return undefined;
    return { session, expiresAt: Date.now() + ttlMs };
  }

  async saveSession(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<void> {
    const sealed = this.seal(sessionId, session);
    await this.call(() => this.redis.set(this.sessionKey(sessionId), sealed, "EX", ttlSeconds));
  }

  async updateSession(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<boolean> {
    // XX: only if the key is still there, in the same command (no read-then-write gap).
    const sealed = this.seal(sessionId, session);
    const answer = await this.call(() => this.redis.set(this.sessionKey(sessionId), sealed, "EX", ttlSeconds, "XX"));
    return answer === "OK";
  }

  async touchSession(sessionId: string, ttlSeconds: number): Promise<void> {
    await this.call(() => this.redis.expire(this.sessionKey(sessionId), ttlSeconds));
  }

  private indexKey(userId: number): string {
    return `${this.prefix}sessions-of:${userId}`;
  }

  async deleteSession(sessionId: string, userId?: number): Promise<void> {
    const key = this.sessionKey(sessionId);
    if (userId === undefined) {
      await this.call(() => this.redis.del(key));
      return;
    }
    await this.call(() => this.redis.multi().del(key).zrem(this.indexKey(userId), sessionId).exec());
  }

  async indexSession(userId: number, sessionId: string, lifetimeSeconds: number): Promise<StoredSession[]> {
    const now = Date.now();
    const answer = (await this.call(() =>
      this.redis.eval(
        indexScript,
        1,
        this.indexKey(userId),
        now,
        sessionId,
        now + lifetimeSeconds * 1000,
        sessionsPerPerson,
        this.sessionKey(""),
      ),
    )) as string[];
    const ended: StoredSession[] = [];
    for (let i = 0; i + 1 < answer.length; i += 2) {
      const session = answer[i + 1] ? this.open(answer[i]!, answer[i + 1]!) : undefined;
      if (session) ended.push(session);
    }
    return ended;
  }

  async sessionsOf(userId: number): Promise<string[]> {
    return this.call(() => this.redis.zrangebyscore(this.indexKey(userId), `(${Date.now()}`, "+inf"));
  }

  async endOtherSessions(userId: number, keep: string): Promise<number> {
    const ended = await this.call(() =>
      this.redis.eval(endOthersScript, 1, this.indexKey(userId), Date.now(), keep, this.sessionKey("")),
    );
    return Number(ended);
  }

  async endSessionOf(userId: number, sessionId: string): Promise<boolean> {
    const ended = await this.call(() =>
      this.redis.eval(endOneScript, 1, this.indexKey(userId), sessionId, this.sessionKey(sessionId)),
    );
    return Number(ended) === 1;
  }

  async pushToList(name: string, entry: string, maxEntries: number, ttlSeconds: number): Promise<void> {
    const key = `${this.prefix}list:${name}`;
    await this.call(() =>
      this.redis
        .multi()
        .lpush(key, entry)
        .ltrim(key, 0, maxEntries - 1)
        .expire(key, ttlSeconds)
        .exec(),
    );
  }

  async readList(name: string): Promise<string[]> {
    return this.call(() => this.redis.lrange(`${this.prefix}list:${name}`, 0, -1));
  }

  async withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
    const lockKey = `${this.prefix}lock:${name}`;
    const token = randomBytes(16).toString("base64url");
    // Waiting a little longer than a holder may hold it (a lock taken just
    // before has surely gone by then): a refresh taking its full time limit
    // does not fail the others.
    const giveUpAt = Date.now() + this.lockTtlMs + 1_000;
    while ((await this.call(() => this.redis.set(lockKey, token, "PX", this.lockTtlMs, "NX"))) !== "OK") {
      if (Date.now() > giveUpAt) throw new PortalError("internal", { reason: "session lock wait timed out" });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    try {
      return await task();
    } finally {
      // Redis out meanwhile: the lock runs out on its own (PX); the task's outcome stands.
      await this.call(() => this.redis.eval(unlockScript, 1, lockKey, token)).catch(() => undefined);
    }
  }

  async hit(name: string, windowSeconds: number): Promise<HitCount> {
    const [count, ttlMs] = (await this.call(() =>
      this.redis.eval(hitScript, 1, `${this.prefix}hits:${name}`, windowSeconds * 1000),
    )) as [number, number];
    return { count, resetInSeconds: Math.max(0, Math.ceil(ttlMs / 1000)) };
  }

  async unhit(name: string): Promise<void> {
    await this.call(() => this.redis.eval(unhitScript, 1, `${this.prefix}hits:${name}`));
  }

  async peek(name: string): Promise<HitCount> {
    const key = `${this.prefix}hits:${name}`;
    const [count, ttlMs] = await this.call(() => Promise.all([this.redis.get(key), this.redis.pttl(key)]));
    if (!count || ttlMs <= 0) return { count: 0, resetInSeconds: 0 };
    return { count: Number(count), resetInSeconds: Math.ceil(ttlMs / 1000) };
  }
}
