import { describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { PortalError } from "@/lib/browser-safe/errors";
import { signInLimit } from "@/lib/auth/failed-sign-ins";
import type { Credentials } from "@/lib/print-server/token-endpoint";
import type { TokenSet } from "@/lib/print-server/token-set";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { issueNewPin } from "./new-pin";

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
function deps() {
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
  return { store: new MemoryStateStore(), login, create };
}

describe("issueNewPin", () => {
  it("makes a PIN for the session's own user after their current PIN or password", async () => {
    const d = deps();
    expect(await issueNewPin(bob, { method: "pin", pin: "314159" }, at("10.0.0.1"), d)).toBe("9021234");
    expect(d.create).toHaveBeenCalledWith(2);
    const again = deps();
    expect(await issueNewPin(bob, { method: "password", password: "canwefixit" }, at("10.0.0.1"), again)).toBe(
      "9021234",
    );
    expect(again.login).toHaveBeenCalledWith(
      { method: "password", username: "bob", password: "canwefixit" },
      "10.0.0.1",
    );
  });

  it("refuses a wrong PIN and someone else's PIN alike, and counts both as failed sign-ins", async () => {
    const d = deps();
    for (const pin of ["000000", "112358"]) {
      const error = await issueNewPin(bob, { method: "pin", pin }, at("10.0.0.2"), d).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({
        code: "invalid_credentials",
        field: "pin",
        sentenceKey: "profile.pin.answers.wrongPin",
      });
    }
    expect(d.create).not.toHaveBeenCalled();
    expect((await d.store.peek("sign-in-failures:10.0.0.2")).count).toBe(2);
  });

  it("stops asking the print server once the address has used up its sign-in attempts", async () => {
    const d = deps();
    for (let i = 0; i < signInLimit.maxFailures; i += 1)
      await issueNewPin(bob, { method: "password", password: "guess" }, at("10.0.0.3"), d).catch(() => undefined);
    d.login.mockClear();
    await expect(issueNewPin(bob, { method: "pin", pin: "314159" }, at("10.0.0.3"), d)).rejects.toMatchObject({
      code: "challenge_required",
    });
    expect(d.login).not.toHaveBeenCalled();
  });

  it("makes one PIN when the same request arrives twice at once", async () => {
    const d = deps();
    const send = () => issueNewPin(bob, { method: "pin", pin: "314159" }, at("10.0.0.4"), d);
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
      Array.from({ length: 40 }, () => issueNewPin(bob, { method: "pin", pin: "314159" }, at("10.0.0.5"), d)),
    );
    expect(d.create).toHaveBeenCalledTimes(1);
    const refusals = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(refusals).toHaveLength(39);
    for (const reason of refusals) expect(reason).toMatchObject({ sentenceKey: "profile.pin.answers.justMade" });
    expect((await d.store.peek("sign-in-failures:10.0.0.5")).count).toBe(0);
  });
});
