import { describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { PortalError } from "@/lib/browser-safe/errors";
import { signInLimit } from "@/lib/auth/failed-sign-ins";
import type { Credentials } from "@/lib/print-server/token-endpoint";
import type { TokenSet } from "@/lib/print-server/token-set";
import type { ChallengeOutcome } from "@/lib/challenge/accept-solution";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { freshSignInSeconds, issueNewPin, proofNeeded } from "./new-pin";

/** A request from `address` without a sign-in cookie. */
const at = (address: string) => ({ address, browser: undefined });

const bob = { userId: 2, username: "bob", fullName: "Bob Builder" };
const firstPins = { "314159": 2, "112358": 1 };

async function tokenOf(userId: number): Promise<TokenSet> {
  const accessToken = await new SignJWT({ sub: String(userId), username: userId === 2 ? "bob" : "alice" })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("k".repeat(32)));
  return { accessToken, refreshToken: "r", expiresAt: Date.now() + 20_000, lifetimeSeconds: 20, scopes: [] };
}

/**
 * The print server for bob (PIN 314159, password canwefixit) and alice (PIN
 * 112358): its token endpoint, slow as a real one, and its new PIN, which
 * retires the user's PINs before.
 */
function deps(person: { hasPassword?: boolean; signedInAt?: number } = {}) {
  const pins: Record<string, number> = { ...firstPins };
  const login = vi.fn(async (credentials: Credentials): Promise<TokenSet> => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (credentials.method === "pin" && pins[credentials.pin]) return tokenOf(pins[credentials.pin]!);
    if (credentials.method === "password" && credentials.username === "bob" && credentials.password === "canwefixit")
      return tokenOf(2);
    throw new PortalError("invalid_credentials");
  });
  const create = vi.fn(async (userId: number) => {
    for (const [pin, owner] of Object.entries(pins)) if (owner === userId) delete pins[pin];
    const pin = `90${userId}1234`;
    pins[pin] = userId;
    return pin;
  });
  const challenge = vi.fn(async (payload: string | undefined): Promise<ChallengeOutcome> => {
    if (!payload) return "missing";
    return payload === "solved" ? "solved" : "failed";
  });
  return {
    store: new MemoryStateStore(),
    login,
    create,
    hasPassword: vi.fn(async () => person.hasPassword ?? false),
    signedInAt: person.signedInAt ?? Date.now(),
    challenge,
  };
}

/** A PIN-only person's proof: the PIN and a solved challenge. */
const pinProof = (pin: string) => ({ method: "pin" as const, pin, altcha: "solved" });

describe("issueNewPin", () => {
  it("makes a PIN for the session's own user after their password, or (PIN-only) their current PIN", async () => {
    const d = deps();
    expect(await issueNewPin(bob, pinProof("314159"), at("10.0.0.1"), d)).toBe("9021234");
    expect(d.create).toHaveBeenCalledWith(2);
    const again = deps();
    expect(
      await issueNewPin(bob, { method: "password", password: "canwefixit" }, at("10.0.0.1"), {
        ...again,
        hasPassword: async () => true,
      }),
    ).toBe("9021234");
    expect(again.login).toHaveBeenCalledWith(
      { method: "password", username: "bob", password: "canwefixit" },
      "10.0.0.1",
    );
  });

  it("refuses a wrong PIN and someone else's PIN alike, and counts both as failed sign-ins", async () => {
    const d = deps();
    for (const pin of ["000000", "112358"]) {
      const error = await issueNewPin(bob, pinProof(pin), at("10.0.0.2"), d).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: "invalid_credentials",
        field: "pin",
        sentenceKey: "profile.pin.answers.wrongPin",
      });
    }
    expect(d.create).not.toHaveBeenCalled();
    expect((await d.store.peek("sign-in-failures:10.0.0.2")).count).toBe(2);
  });

  it("asks for a challenge, not a pause, once the browser has used up its sign-in attempts", async () => {
    const d = deps({ hasPassword: true });
    for (let i = 0; i < signInLimit.maxFailures; i += 1)
      await issueNewPin(bob, { method: "password", password: "guess" }, at("10.0.0.3"), d).catch(() => undefined);
    d.login.mockClear();
    const right = { method: "password" as const, password: "canwefixit" };
    await expect(issueNewPin(bob, right, at("10.0.0.3"), d)).rejects.toMatchObject({ code: "challenge_required" });
    expect(d.login).not.toHaveBeenCalled();
    expect(await issueNewPin(bob, { ...right, altcha: "solved" }, at("10.0.0.3"), d)).toBe("9021234");
  });

  it("makes one PIN when the same request arrives twice at once", async () => {
    const d = deps();
    const send = () => issueNewPin(bob, pinProof("314159"), at("10.0.0.4"), d);
    // The second's proof reaches the print server just after the first's new PIN.
    const first = send();
    await new Promise((resolve) => setTimeout(resolve, 3));
    const results = await Promise.allSettled([first, send()]);
    expect(d.create).toHaveBeenCalledTimes(1);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    // The second is told the PIN was just made, not that the PIN it proved
    // with (which the first retired) is wrong, and counts as no failure.
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "in_progress", sentenceKey: "profile.pin.answers.justMade" });
    expect((await d.store.peek("sign-in-failures:10.0.0.4")).count).toBe(0);
  });

  it("makes one PIN of 40 requests in parallel, and tells the 39 others it was just made", async () => {
    const d = deps();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => issueNewPin(bob, pinProof("314159"), at("10.0.0.5"), d)),
    );
    expect(d.create).toHaveBeenCalledTimes(1);
    const refusals = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(refusals).toHaveLength(39);
    for (const reason of refusals) expect(reason).toMatchObject({ sentenceKey: "profile.pin.answers.justMade" });
    expect((await d.store.peek("sign-in-failures:10.0.0.5")).count).toBe(0);
  });

  it("asks a person who has a password for it: their PIN alone, even the right one, gets no new PIN", async () => {
    const d = deps({ hasPassword: true });
    await expect(issueNewPin(bob, pinProof("314159"), at("10.0.0.6"), d)).rejects.toMatchObject({
      code: "bad_request",
      field: "password",
      sentenceKey: "profile.newPin.answers.passwordNeeded",
    });
    await expect(
      issueNewPin(bob, { method: "password", password: "wonderland" }, at("10.0.0.6"), d),
    ).rejects.toMatchObject({ code: "invalid_credentials", field: "password" });
    expect(d.create).not.toHaveBeenCalled();
    expect(d.challenge).not.toHaveBeenCalled();
    // The wrong password counted as a failed sign-in of the browser; the refused PIN reached nobody.
    expect(d.login).toHaveBeenCalledTimes(1);
    expect((await d.store.peek("sign-in-failures:10.0.0.6")).count).toBe(1);
    expect(await issueNewPin(bob, { method: "password", password: "canwefixit" }, at("10.0.0.6"), d)).toBe("9021234");
  });

  it("asks a PIN-only person to sign in again when their sign-in is older than a few minutes", async () => {
    const d = deps({ signedInAt: Date.now() - (freshSignInSeconds + 1) * 1000 });
    await expect(issueNewPin(bob, pinProof("314159"), at("10.0.0.7"), d)).rejects.toMatchObject({
      code: "not_allowed",
      field: "signIn",
      sentenceKey: "profile.newPin.answers.signInAgain",
    });
    expect(d.login).not.toHaveBeenCalled();
    // The challenge is not spent on a refusal it cannot change.
    expect(d.challenge).not.toHaveBeenCalled();
    expect(proofNeeded(false, Date.now() - 60_000)).toEqual({ proof: "pin", signInAgain: false });
    expect(proofNeeded(true, 0)).toEqual({ proof: "password" });
    // PORTAL_NEW_PIN_SIGN_IN_MAX_AGE shortens (or lengthens) it.
    expect(proofNeeded(false, Date.now() - 10_000, { maxAgeSeconds: 8 })).toEqual({ proof: "pin", signInAgain: true });
  });

  it("asks a PIN-only person for a solved challenge, spent by each try, before the PIN is checked", async () => {
    const d = deps();
    await expect(issueNewPin(bob, { method: "pin", pin: "314159" }, at("10.0.0.8"), d)).rejects.toMatchObject({
      code: "challenge_required",
    });
    await expect(issueNewPin(bob, { ...pinProof("314159"), altcha: "used" }, at("10.0.0.8"), d)).rejects.toMatchObject({
      code: "challenge_failed",
    });
    await expect(issueNewPin(bob, { method: "password", password: "x" }, at("10.0.0.8"), d)).rejects.toMatchObject({
      sentenceKey: "profile.newPin.answers.noPassword",
    });
    expect(d.login).not.toHaveBeenCalled();
    expect(await issueNewPin(bob, pinProof("314159"), at("10.0.0.8"), d)).toBe("9021234");
  });
});
