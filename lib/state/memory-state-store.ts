import "server-only";
import { sessionsPerPerson, type HitCount, type LiveSession, type StateStore, type StoredSession } from "./state-store";

// The state of one portal instance, in its memory: right for a single
// instance, and a restart signs everyone out.

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/** When expired entries are swept out: past this many entries held, at most once per interval. */
export interface SweepRules {
  fromEntries: number;
  everyMs: number;
}

const defaultSweep: SweepRules = { fromEntries: 10_000, everyMs: 60_000 };

export class MemoryStateStore implements StateStore {
  private readonly sessions = new Map<string, Expiring<StoredSession>>();
  private readonly counters = new Map<string, Expiring<number>>();
  /** Per person: session id → when its entry expires (epoch ms). */
  private readonly indexes = new Map<number, Map<string, number>>();
  private readonly lists = new Map<string, Expiring<string[]>>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private lastSweep = -Infinity;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sweepRules: SweepRules = defaultSweep,
  ) {}

  /** Entries held, expired ones included until they are swept or read (tests). */
  get size(): number {
    return this.sessions.size + this.counters.size + this.indexes.size + this.lists.size;
  }

  private live<T>(map: Map<string, Expiring<T>>, key: string): Expiring<T> | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    // Housekeeping so that abandoned sessions and counters do not pile up. It
    // walks every entry, so it runs at most once per interval: a large
    // organisation signing in in the morning would otherwise walk them all
    // on every sign-in and every token refresh.
    const now = this.now();
    if (this.size < this.sweepRules.fromEntries || now - this.lastSweep < this.sweepRules.everyMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.sessions) if (entry.expiresAt <= now) this.sessions.delete(key);
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
    for (const [key, entry] of this.lists) if (entry.expiresAt <= now) this.lists.delete(key);
    for (const userId of [...this.indexes.keys()]) this.indexOf(userId);
  }

  /** A person's index without its expired entries (and dropped when empty). */
  private indexOf(userId: number): Map<string, number> {
    const index = this.indexes.get(userId) ?? new Map<string, number>();
    const now = this.now();
    for (const [sessionId, expiresAt] of index) if (expiresAt <= now) index.delete(sessionId);
    if (index.size === 0) this.indexes.delete(userId);
    return index;
  }

  private countOf(entry: Expiring<number>): HitCount {
    return { count: entry.value, resetInSeconds: Math.ceil((entry.expiresAt - this.now()) / 1000) };
  }

  async readSession(sessionId: string): Promise<LiveSession | undefined> {
    const entry = this.live(this.sessions, sessionId);
    // Frozen when saved: every reader gets the same object, and none can change it (as with a copy from Redis).
    return entry ? { session: entry.value, expiresAt: entry.expiresAt } : undefined;
  }

  async saveSession(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.sessions.set(sessionId, {
      value: deepFreeze(structuredClone(session)),
      expiresAt: this.now() + ttlSeconds * 1000,
    });
  }

  async updateSession(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<boolean> {
    if (!this.live(this.sessions, sessionId)) return false;
    await this.saveSession(sessionId, session, ttlSeconds);
    return true;
  }

  async touchSession(sessionId: string, ttlSeconds: number): Promise<void> {
    const entry = this.live(this.sessions, sessionId);
    if (entry) entry.expiresAt = this.now() + ttlSeconds * 1000;
  }

  async deleteSession(sessionId: string, userId?: number): Promise<void> {
    this.sessions.delete(sessionId);
    if (userId === undefined) return;
    const index = this.indexOf(userId);
    index.delete(sessionId);
    if (index.size === 0) this.indexes.delete(userId);
  }

  async indexSession(userId: number, sessionId: string, lifetimeSeconds: number): Promise<StoredSession[]> {
    const index = this.indexOf(userId);
    index.set(sessionId, this.now() + lifetimeSeconds * 1000);
    const ended: StoredSession[] = [];
    // Maps keep insertion order: the first entries are the oldest.
    for (const oldest of [...index.keys()].slice(0, Math.max(0, index.size - sessionsPerPerson))) {
      const live = this.live(this.sessions, oldest);
      if (live) ended.push(live.value);
      this.sessions.delete(oldest);
      index.delete(oldest);
    }
    this.indexes.set(userId, index);
    return ended;
  }

  async sessionsOf(userId: number): Promise<string[]> {
    return [...this.indexOf(userId).keys()];
  }

  async endOtherSessions(userId: number, keep: string): Promise<number> {
    const index = this.indexOf(userId);
    let ended = 0;
    for (const sessionId of [...index.keys()]) {
      if (sessionId === keep) continue;
      if (this.live(this.sessions, sessionId)) ended += 1;
      this.sessions.delete(sessionId);
      index.delete(sessionId);
    }
    if (index.size === 0) this.indexes.delete(userId);
    return ended;
  }

  async endSessionOf(userId: number, sessionId: string): Promise<boolean> {
    const index = this.indexOf(userId);
    if (!index.has(sessionId)) return false;
    const existed = this.live(this.sessions, sessionId) !== undefined;
    this.sessions.delete(sessionId);
    index.delete(sessionId);
    if (index.size === 0) this.indexes.delete(userId);
    return existed;
  }

  async pushToList(name: string, entry: string, maxEntries: number, ttlSeconds: number): Promise<void> {
    this.sweep();
    const entries = [entry, ...(this.live(this.lists, name)?.value ?? [])].slice(0, maxEntries);
    this.lists.set(name, { value: entries, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async readList(name: string): Promise<string[]> {
    return [...(this.live(this.lists, name)?.value ?? [])];
  }

  async withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(name) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(name, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(name) === settled) this.locks.delete(name);
    }
  }

  async hit(name: string, windowSeconds: number): Promise<HitCount> {
    this.sweep();
    const entry = this.live(this.counters, name) ?? { value: 0, expiresAt: this.now() + windowSeconds * 1000 };
    entry.value += 1;
    this.counters.set(name, entry);
    return this.countOf(entry);
  }

  async unhit(name: string): Promise<void> {
    const entry = this.live(this.counters, name);
    if (entry && entry.value > 0) entry.value -= 1;
  }

  async peek(name: string): Promise<HitCount> {
    const entry = this.live(this.counters, name);
    return entry ? this.countOf(entry) : { count: 0, resetInSeconds: 0 };
  }
}

/** The value, and every object in it, made read-only. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
