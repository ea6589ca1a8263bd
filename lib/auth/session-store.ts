import "server-only";
import type { TokenSet } from "@/lib/print-server/token-set";
import { storeFromEnv } from "./store-from-env";

// Server-side session state: the print server's tokens never leave the server.
// The interface is shaped for a shared store (Redis: GET/SET EX, SET NX PX for
// locks, INCR + EXPIRE for counters) so several portal instances can serve the
// same users; the in-memory default serves one instance.

export interface StoredSession {
  userId: number;
  username: string;
  fullName: string;
  tokens: TokenSet;
  createdAt: number;
}

export interface SessionStore {
  get(sessionId: string): Promise<StoredSession | undefined>;
  /** Saves and restarts the idle timer. */
  set(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<void>;
  /** Restarts the idle timer of an existing session. */
  touch(sessionId: string, ttlSeconds: number): Promise<void>;
  delete(sessionId: string): Promise<void>;
  /** Runs `task` while holding a lock named `key`; other holders wait. */
  withLock<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Counts an event in a fixed window; answers the count and seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** The current count of a window without adding to it. */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  clearHits(key: string): Promise<void>;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Expiring<StoredSession>>();
  private readonly counters = new Map<string, Expiring<number>>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly now: () => number = Date.now) {}

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
    // Cheap housekeeping so abandoned sessions do not pile up.
    if (this.sessions.size + this.counters.size < 10_000) return;
    const now = this.now();
    for (const [key, entry] of this.sessions) if (entry.expiresAt <= now) this.sessions.delete(key);
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }

  async get(sessionId: string): Promise<StoredSession | undefined> {
    const entry = this.live(this.sessions, sessionId);
    return entry ? structuredClone(entry.value) : undefined;
  }

  async set(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.sessions.set(sessionId, { value: structuredClone(session), expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async touch(sessionId: string, ttlSeconds: number): Promise<void> {
    const entry = this.live(this.sessions, sessionId);
    if (entry) entry.expiresAt = this.now() + ttlSeconds * 1000;
  }

  async delete(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
  }

  async withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    this.sweep();
    const entry = this.live(this.counters, key) ?? { value: 0, expiresAt: this.now() + windowSeconds * 1000 };
    entry.value += 1;
    this.counters.set(key, entry);
    return { count: entry.value, resetInSeconds: Math.ceil((entry.expiresAt - this.now()) / 1000) };
  }

  async peek(key: string): Promise<{ count: number; resetInSeconds: number }> {
    const entry = this.live(this.counters, key);
    return entry
      ? { count: entry.value, resetInSeconds: Math.ceil((entry.expiresAt - this.now()) / 1000) }
      : { count: 0, resetInSeconds: 0 };
  }

  async clearHits(key: string): Promise<void> {
    this.counters.delete(key);
  }
}

const shared = globalThis as typeof globalThis & { __portalSessionStore?: SessionStore };

/**
 * The process-wide store: Redis when PORTAL_REDIS_URL is set, else memory.
 * Kept on globalThis because Next.js loads proxy.ts and the route modules as
 * separate bundles in the same process.
 */
export function sessionStore(): SessionStore {
  shared.__portalSessionStore ??= storeFromEnv() ?? new MemorySessionStore();
  return shared.__portalSessionStore;
}

/** Replaces the process-wide store (tests, or a shared store at start-up). */
export function setSessionStore(store: SessionStore | undefined): void {
  shared.__portalSessionStore = store;
}
