import { describe, expect, it } from "vitest";
import { createSignInLimiter } from "./sign-in-limiter.js";

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = createSignInLimiter({ perUser: 5, perAddress: 10, windowSeconds: 900 }, () => now);
  return { limiter, advance: (seconds: number) => (now += seconds * 1000) };
}

describe("sign-in limiter", () => {
  it("allows 5 failures per user, then asks to wait until the oldest leaves the 15-minute window", () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfter(`10.0.0.${i}`, "id:1")).toBe(0);
      limiter.recordFailure(`10.0.0.${i}`, "id:1");
      advance(60);
    }
    // First failure at t=0, now t=300 s: it leaves the window at t=900 s.
    expect(limiter.retryAfter("10.0.0.9", "id:1")).toBe(600);
    expect(limiter.retryAfter("10.0.0.9", "id:2")).toBe(0);
    advance(600);
    expect(limiter.retryAfter("10.0.0.9", "id:1")).toBe(0);
  });

  it("allows 10 failures per address whoever they name", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 10; i++) limiter.recordFailure("10.1.1.1", `name:user${i}`);
    expect(limiter.retryAfter("10.1.1.1", null)).toBe(900);
    expect(limiter.retryAfter("10.1.1.2", null)).toBe(0);
  });

  it("clears only the signing-in user's own failures on success", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 5; i++) limiter.recordFailure("10.2.2.2", "id:3");
    for (let i = 0; i < 4; i++) limiter.recordFailure("10.2.2.2", "id:4");
    limiter.recordSuccess("id:4");
    expect(limiter.retryAfter("10.9.9.9", "id:3")).toBeGreaterThan(0);
    expect(limiter.retryAfter("10.2.2.2", null)).toBe(0);
    limiter.recordFailure("10.2.2.2", null);
    expect(limiter.retryAfter("10.2.2.2", null)).toBeGreaterThan(0);
  });
});
