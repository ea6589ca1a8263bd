import "server-only";
import type { TokenSet } from "@/lib/print-server/token-set";

// The portal's server-side state: sessions (the print server's tokens never
// leave the server), an index of each person's sessions (session ids only),
// locks (one token refresh per session at a time), short bounded lists
// (sign-in attempts, lib/devices/sign-in-attempts.ts) and
// counters (failed sign-ins, lib/auth/failed-sign-ins.ts). Shaped for a store that several
// portal instances share (Redis: GET/SET EX, SET NX PX for locks, INCR +
// EXPIRE for counters); memory serves one instance. Which one a process uses:
// configured-state-store.ts.

export interface StoredSession {
  userId: number;
  username: string;
  fullName: string;
  tokens: TokenSet;
  createdAt: number;
  /** The browser's User-Agent at sign-in (shortened), for the person's "Devices and sign-ins" page. */
  userAgent?: string;
  /** The browser's address at sign-in, when known. */
  address?: string;
}

/** A session as read, with the moment its idle timer runs out (epoch ms). */
export interface LiveSession {
  session: StoredSession;
  expiresAt: number;
}

export interface HitCount {
  count: number;
  resetInSeconds: number;
}

export interface StateStore {
  /** One read: the session and when it expires, or undefined when there is none. */
  readSession(sessionId: string): Promise<LiveSession | undefined>;
  /** Saves and restarts the idle timer. */
  saveSession(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<void>;
  /**
   * Saves only while the session still exists (and restarts its idle timer);
   * false when it was deleted meanwhile (signed out), which must stay so.
   */
  updateSession(sessionId: string, session: StoredSession, ttlSeconds: number): Promise<boolean>;
  /** Restarts the idle timer of an existing session. */
  touchSession(sessionId: string, ttlSeconds: number): Promise<void>;
  /** Deletes a session; with its person's id, its entry in their index too, in the same step. */
  deleteSession(sessionId: string, userId?: number): Promise<void>;
  /**
   * Adds a session to its person's index, until `lifetimeSeconds` (the
   * session's absolute lifetime) at the latest. The index keeps a person's
   * newest `sessionsPerPerson` only: the oldest beyond it end in the same
   * step, since a session outside the index is out of reach of "sign out
   * everywhere" and of a new PIN. Answers the sessions so ended (never `sessionId`).
   */
  indexSession(userId: number, sessionId: string, lifetimeSeconds: number): Promise<StoredSession[]>;
  /** The ids in a person's index, oldest first; one may have ended without leaving it (idle timeout). */
  sessionsOf(userId: number): Promise<string[]>;
  /** Deletes every session in a person's index but `keep`, in one step; answers how many still existed. */
  endOtherSessions(userId: number, keep: string): Promise<number>;
  /**
   * Deletes one session only if it is in this person's index, in one step;
   * answers whether it still existed. Another person's session id does nothing.
   */
  endSessionOf(userId: number, sessionId: string): Promise<boolean>;
  /** Adds `entry` to the front of a list, keeps its newest `maxEntries`, and lets the list expire `ttlSeconds` after its last addition. */
  pushToList(name: string, entry: string, maxEntries: number, ttlSeconds: number): Promise<void>;
  /** A list's entries, newest first (empty when there is none). */
  readList(name: string): Promise<string[]>;
  /** Runs `task` while holding a lock named `name`; other holders wait. */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /** Counts an event in a fixed window; answers the count and seconds left. */
  hit(name: string, windowSeconds: number): Promise<HitCount>;
  /** Takes one back from a window's count (an attempt claimed ahead that was not a failure). */
  unhit(name: string): Promise<void>;
  /** The current count of a window without adding to it. */
  peek(name: string): Promise<HitCount>;
}

/** The most sessions one person has at once; signing in once more ends their oldest. */
export const sessionsPerPerson = 50;
