import { afterEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { log } from "@/lib/log";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { countedAttempt, signInLimit, type AttemptRules, type AttemptSource } from "./failed-sign-ins";

// The portal's sign-in limits against the ways of guessing around them: parallel
// guesses, shared addresses, rotating IPv6 addresses, PIN guessing spread
// over many addresses, one person's name guessed from everywhere; and that
// a limit asks for a challenge, never locks anyone out.

const wrong = async (): Promise<never> => {
  // A credential check that takes a while, as the print server's does.
  await new Promise((resolve) => setTimeout(resolve, 20));
  throw new PortalError("invalid_credentials");
};
const right = async () => "signed in";
const pin: AttemptRules = { kind: "pin", pinFailureCeiling: 20 };

function attempt(store: MemoryStateStore, source: AttemptSource, check: () => Promise<string>, rules = pin) {
  return countedAttempt(store, source, rules, check).catch((error: unknown) => error);
}

afterEach(() => vi.restoreAllMocks());

describe("countedAttempt", () => {
  it("lets at most 5 of 40 parallel wrong PINs from one browser reach the print server", async () => {
    const store = new MemoryStateStore();
    const check = vi.fn(wrong);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => attempt(store, { address: "192.0.2.1", browser: "b1" }, check)),
    );
    expect(check).toHaveBeenCalledTimes(signInLimit.maxFailures);
    expect(results.filter((r) => r instanceof PortalError && r.code === "challenge_required")).toHaveLength(35);
  });

  it("also for requests that drop the cookie: they share their address's counter", async () => {
    const store = new MemoryStateStore();
    const check = vi.fn(wrong);
    await Promise.all(
      Array.from({ length: 40 }, () => attempt(store, { address: "192.0.2.2", browser: undefined }, check)),
    );
    expect(check).toHaveBeenCalledTimes(signInLimit.maxFailures);
  });

  it("never stops another person at the same address", async () => {
    const store = new MemoryStateStore();
    for (let i = 0; i < 8; i += 1) await attempt(store, { address: "192.0.2.3", browser: "mistyper" }, wrong);
    expect(await attempt(store, { address: "192.0.2.3", browser: "mistyper" }, right)).toMatchObject({
      code: "challenge_required",
    });
    expect(await attempt(store, { address: "192.0.2.3", browser: "colleague" }, right)).toBe("signed in");
    // Without an address known at all (plain `next start`), browsers still stay apart.
    for (let i = 0; i < 8; i += 1) await attempt(store, { address: undefined, browser: "mistyper" }, wrong);
    expect(await attempt(store, { address: undefined, browser: "colleague" }, right)).toBe("signed in");
  });

  it("gives a claimed attempt back on success and on an outage", async () => {
    const store = new MemoryStateStore();
    const source = { address: "192.0.2.4", browser: "b" };
    for (let i = 0; i < 10; i += 1) expect(await attempt(store, source, right)).toBe("signed in");
    const down = async (): Promise<string> => {
      throw new PortalError("unreachable");
    };
    for (let i = 0; i < 10; i += 1) expect(await attempt(store, source, down)).toMatchObject({ code: "unreachable" });
    expect(await attempt(store, source, right)).toBe("signed in");
  });

  it("stops a client that takes a fresh cookie for every few guesses at 50 per address", async () => {
    const store = new MemoryStateStore();
    const rules: AttemptRules = { kind: "password" };
    for (let i = 0; i < signInLimit.addressCeiling; i += 1)
      await attempt(store, { address: "192.0.2.5", browser: `fresh-${i}` }, wrong, rules);
    const check = vi.fn(right);
    expect(await attempt(store, { address: "192.0.2.5", browser: "one more" }, check, rules)).toMatchObject({
      code: "challenge_required",
    });
    expect(check).not.toHaveBeenCalled();
  });

  it("stops 200 guesses sent at once from one address, each with a fresh cookie, at the address's 50", async () => {
    const store = new MemoryStateStore();
    const check = vi.fn(wrong);
    const rules: AttemptRules = { kind: "password" };
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        attempt(store, { address: "192.0.2.6", browser: `fresh-${i}` }, check, rules),
      ),
    );
    expect(check).toHaveBeenCalledTimes(signInLimit.addressCeiling);
    expect(results.filter((r) => r instanceof PortalError && r.code === "challenge_required")).toHaveLength(150);
    // Another address is not touched by it.
    expect(await attempt(store, { address: "192.0.2.7", browser: "fresh-0" }, right, rules)).toBe("signed in");
  });

  it("lets 60 sign-ins at once from one address through when they succeed: a claim is given back", async () => {
    const store = new MemoryStateStore();
    const slowRight = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return "signed in";
    };
    const rules: AttemptRules = { kind: "password" };
    const first = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(store, { address: "192.0.2.8", browser: `office-${i}` }, slowRight, rules),
      ),
    );
    expect(first.every((r) => r === "signed in")).toBe(true);
    const second = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(store, { address: "192.0.2.8", browser: `office-${i}` }, slowRight, rules),
      ),
    );
    expect(second.every((r) => r === "signed in")).toBe(true);
  });

  it("counts an IPv6 client per /64, so rotating addresses within it gains nothing", async () => {
    const store = new MemoryStateStore();
    const check = vi.fn(wrong);
    for (let i = 1; i <= 12; i += 1)
      await attempt(store, { address: `2001:db8:7:7::${i.toString(16)}`, browser: undefined }, check);
    expect(check).toHaveBeenCalledTimes(signInLimit.maxFailures);
    expect(await attempt(store, { address: "2001:db8:7:8::1", browser: undefined }, right)).toBe("signed in");
  });

  it("asks every PIN for a challenge at the organisation's ceiling, with one log line, while passwords still work", async () => {
    const store = new MemoryStateStore();
    const warn = vi.spyOn(log, "warn");
    // 20 wrong PINs, each from a different address (a botnet guessing PINs).
    for (let i = 0; i < 20; i += 1) await attempt(store, { address: `198.51.100.${i}`, browser: undefined }, wrong);
    const check = vi.fn(right);
    const challenged = await attempt(store, { address: "203.0.113.9", browser: "someone" }, check);
    expect(challenged).toMatchObject({ code: "challenge_required", reason: "organisation PIN ceiling" });
    expect(check).not.toHaveBeenCalled();
    // With a solved challenge the same PIN signs in: the ceiling stops nobody.
    const solved = { ...pin, challenge: async () => "solved" as const };
    expect(await attempt(store, { address: "203.0.113.9", browser: "someone" }, check, solved)).toBe("signed in");
    expect(await attempt(store, { address: "203.0.113.9", browser: "someone" }, right, { kind: "password" })).toBe(
      "signed in",
    );
    const alerts = warn.mock.calls.filter(([, fields]) => fields?.alert === "failed-pin-ceiling");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.[1]).toMatchObject({ ceiling: 20 });
  });

  it("asks for a challenge at the ceiling when 300 wrong PINs from 300 addresses come at once", async () => {
    const store = new MemoryStateStore();
    const warn = vi.spyOn(log, "warn");
    const check = vi.fn(wrong);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        attempt(store, { address: `198.51.${Math.floor(i / 200)}.${i % 200}`, browser: `b${i}` }, check),
      ),
    );
    expect(check).toHaveBeenCalledTimes(20);
    expect(results.filter((r) => r instanceof PortalError && r.code === "challenge_required")).toHaveLength(280);
    expect(warn.mock.calls.filter(([, fields]) => fields?.alert === "failed-pin-ceiling")).toHaveLength(1);
  });

  it("counts failures per person named, from any browser and address, then asks for a challenge", async () => {
    const store = new MemoryStateStore();
    const rules: AttemptRules = { kind: "password", person: "alice-hash" };
    const check = vi.fn(wrong);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(store, { address: `203.0.113.${i}`, browser: `s${i}` }, check, rules),
      ),
    );
    expect(check).toHaveBeenCalledTimes(signInLimit.personFailures);
    expect(results.filter((r) => r instanceof PortalError && r.code === "challenge_required")).toHaveLength(
      30 - signInLimit.personFailures,
    );
    // Another person is not touched by it.
    expect(
      await attempt(store, { address: "203.0.113.1", browser: "x" }, right, { kind: "password", person: "bob-hash" }),
    ).toBe("signed in");
  });

  it("lets the person's own device through at once after a stranger's 30 failures against the name", async () => {
    const store = new MemoryStateStore();
    const stranger: AttemptRules = { kind: "pin", person: "alice-hash", pinFailureCeiling: 20 };
    for (let i = 0; i < 30; i += 1)
      await attempt(store, { address: `203.0.113.${i}`, browser: `s${i}` }, wrong, stranger);
    // Same address as the stranger's last, even: the device bucket is its own.
    const own: AttemptRules = { ...stranger, device: "alices-laptop" };
    expect(await attempt(store, { address: "203.0.113.29", browser: "a" }, right, own)).toBe("signed in");
    // Her own mistakes on her device count there, and then ask her for a challenge.
    for (let i = 0; i < signInLimit.deviceFailures; i += 1)
      await attempt(store, { address: "203.0.113.29", browser: "a" }, wrong, own);
    expect(await attempt(store, { address: "203.0.113.29", browser: "a" }, right, own)).toMatchObject({
      code: "challenge_required",
      reason: "device limit",
    });
  });

  it("lets one attempt past a used-up counter per solved challenge, and refuses a failed one", async () => {
    const store = new MemoryStateStore();
    const source = { address: "192.0.2.40", browser: "b" };
    for (let i = 0; i < signInLimit.maxFailures; i += 1) await attempt(store, source, wrong);
    const check = vi.fn(right);
    const failed = { ...pin, challenge: async () => "failed" as const };
    expect(await attempt(store, source, check, failed)).toMatchObject({ code: "challenge_failed" });
    expect(check).not.toHaveBeenCalled();
    const solved = vi.fn(async () => "solved" as const);
    expect(await attempt(store, source, check, { ...pin, challenge: solved })).toBe("signed in");
    expect(solved).toHaveBeenCalledTimes(1);
    // Not needed below the limits: a solution sent anyway is not used up.
    const unused = vi.fn(async () => "solved" as const);
    expect(await attempt(store, { address: "192.0.2.41", browser: "c" }, right, { ...pin, challenge: unused })).toBe(
      "signed in",
    );
    expect(unused).not.toHaveBeenCalled();
  });
});
