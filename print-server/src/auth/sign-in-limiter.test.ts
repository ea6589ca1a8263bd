import { describe, expect, it } from "vitest";
import { createSignInLimiter, type SignInLimiter } from "./sign-in-limiter.js";

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = createSignInLimiter({ perUser: 5, perAddress: 10, windowSeconds: 900 }, () => now);
  return { limiter, advance: (seconds: number) => (now += seconds * 1000) };
}

/** A failed attempt: counted, never taken back. */
function fail(limiter: SignInLimiter, address: string, userKey: string | null): void {
  const attempt = limiter.attempt(address, userKey);
  if ("retryAfter" in attempt) throw new Error(`refused: wait ${attempt.retryAfter} s`);
}

describe("sign-in limiter", () => {
  it("allows 5 failures per user, then asks to wait until the oldest leaves the 15-minute window", () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfter(`10.0.0.${i}`, "id:1")).toBe(0);
      fail(limiter, `10.0.0.${i}`, "id:1");
      advance(60);
    }
    // First failure at t=0, now t=300 s: it leaves the window at t=900 s.
    expect(limiter.retryAfter("10.0.0.9", "id:1")).toBe(600);
    expect(limiter.attempt("10.0.0.9", "id:1")).toEqual({ retryAfter: 600 });
    expect(limiter.retryAfter("10.0.0.9", "id:2")).toBe(0);
    advance(600);
    expect(limiter.retryAfter("10.0.0.9", "id:1")).toBe(0);
  });

  it("allows 10 failures per address whoever they name", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 10; i++) fail(limiter, "10.1.1.1", `name:user${i}`);
    expect(limiter.retryAfter("10.1.1.1", null)).toBe(900);
    expect(limiter.retryAfter("10.1.1.2", null)).toBe(0);
  });

  it("counts an attempt at once, so attempts started together get no more tries than one after another", () => {
    const { limiter } = limiterAt();
    // All begun before any of them knows its outcome (as parallel requests awaiting a hash are).
    const attempts = Array.from({ length: 40 }, () => limiter.attempt("10.3.3.3", "id:5"));
    expect(attempts.filter((a) => "succeeded" in a)).toHaveLength(5);
    expect(attempts.filter((a) => "retryAfter" in a)).toHaveLength(35);
  });

  it("takes a success's own count back and clears only that user's failures", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 5; i++) fail(limiter, "10.2.2.2", "id:3");
    for (let i = 0; i < 4; i++) fail(limiter, "10.2.2.2", "id:4");
    const success = limiter.attempt("10.2.2.2", "id:4");
    if (!("succeeded" in success)) throw new Error("refused");
    success.succeeded();
    expect(limiter.retryAfter("10.9.9.9", "id:3")).toBeGreaterThan(0);
    expect(limiter.retryAfter("10.9.9.9", "id:4")).toBe(0);
    // The address holds the 9 failures, not the success: one more failure reaches its limit of 10.
    expect(limiter.retryAfter("10.2.2.2", null)).toBe(0);
    fail(limiter, "10.2.2.2", null);
    expect(limiter.retryAfter("10.2.2.2", null)).toBeGreaterThan(0);
  });
});
