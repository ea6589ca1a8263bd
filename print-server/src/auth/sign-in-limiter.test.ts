import { describe, expect, it } from "vitest";
import { addressBucket, createSignInLimiter, type SignInLimiter } from "./sign-in-limiter.js";

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = createSignInLimiter({ perUser: 5, perAddress: 10, pinCeiling: 20, windowSeconds: 900 }, () => now);
  return { limiter, advance: (seconds: number) => (now += seconds * 1000) };
}

/** A failed attempt: counted, never taken back. */
function fail(limiter: SignInLimiter, address: string, userKey: string | null, pin = false): void {
  const attempt = limiter.attempt(address, userKey, { pin });
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

  it("counts an IPv6 source by its /64 and an IPv4-mapped one as its IPv4 address", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe(addressBucket("2001:db8:1:2:ffff:1:2:3"));
    expect(addressBucket("2001:db8:1:2::1")).not.toBe(addressBucket("2001:db8:1:3::1"));
    expect(addressBucket("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressBucket("192.0.2.7")).not.toBe(addressBucket("192.0.2.8"));
    const { limiter } = limiterAt();
    for (let i = 0; i < 10; i++) fail(limiter, `2001:db8:5:5::${i + 1}`, null);
    expect(limiter.retryAfter("2001:db8:5:5:1:1:1:1", null)).toBeGreaterThan(0);
    expect(limiter.retryAfter("2001:db8:5:6::1", null)).toBe(0);
  });

  it("keeps one ceiling on failed PIN sign-ins of everyone, which a success does not add to", () => {
    const { limiter, advance } = limiterAt();
    const success = limiter.attempt("10.5.0.1", "id:1", { pin: true });
    if (!("succeeded" in success)) throw new Error("refused");
    success.succeeded();
    for (let i = 0; i < 20; i++) fail(limiter, `10.5.1.${i}`, null, true);
    expect(limiter.attempt("10.5.2.1", "id:2", { pin: true })).toEqual({ retryAfter: 900 });
    // Passwords are not PINs: they go on.
    expect(limiter.retryAfter("10.5.2.1", "id:2")).toBe(0);
    advance(900);
    expect(limiter.retryAfter("10.5.2.1", "id:2", { pin: true })).toBe(0);
  });
});
