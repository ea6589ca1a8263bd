import { describe, expect, it } from "vitest";
import { sessionEnd, sessionStatusOf } from "./session-end";
import { aliceSession } from "./session-test-kit";

const start = Date.parse("2026-03-02T09:00:00Z");

describe("sessionEnd", () => {
  it("is the idle end while that comes first, and can then be put off", () => {
    const live = { session: aliceSession(start), expiresAt: start + 1800_000 };
    expect(sessionEnd(live, 43200)).toEqual({ endsAt: start + 1800_000, reason: "idle", extendable: true });
  });

  it("is the absolute lifetime near its end, which cannot be put off", () => {
    const live = { session: aliceSession(start), expiresAt: start + 12 * 3600_000 + 60_000 };
    expect(sessionEnd(live, 43200)).toEqual({ endsAt: start + 12 * 3600_000, reason: "absolute", extendable: false });
  });

  it("is the access token's end without a refresh token (single sign-on)", () => {
    const session = aliceSession(start, 600);
    const live = {
      session: { ...session, tokens: { ...session.tokens, refreshToken: undefined } },
      expiresAt: start + 1800_000,
    };
    expect(sessionEnd(live, 43200)).toEqual({ endsAt: start + 600_000, reason: "token", extendable: false });
  });
});

describe("sessionStatusOf", () => {
  it("says the whole seconds left, why, and whether it can be put off", () => {
    const live = { session: aliceSession(start), expiresAt: start + 1800_000 };
    expect(sessionStatusOf(live, 43200, start + 500)).toEqual({
      signedIn: true,
      secondsLeft: 1799,
      reason: "idle",
      extendable: true,
    });
  });

  it("is signed out past the end, though the session is still stored, and without a session", () => {
    const live = { session: aliceSession(start), expiresAt: start + 1800_000 };
    expect(sessionStatusOf(live, 43200, start + 1800_000)).toEqual({ signedIn: false });
    expect(sessionStatusOf(undefined, 43200, start)).toEqual({ signedIn: false });
  });
});
