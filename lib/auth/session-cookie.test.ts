import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieTestEnv, sealedSessionCookie } from "./session-test-kit";

vi.mock("@/lib/env", async () => {
  const kit = await import("./session-test-kit");
  return { getEnv: () => kit.cookieTestEnv };
});

const nextAuthJwt = await import("next-auth/jwt");
const decode = vi.spyOn(nextAuthJwt, "decode");
const encode = vi.spyOn(nextAuthJwt, "encode");
const { readSessionCookie, renewalDue, renewedSessionCookie } = await import("./session-cookie");

// The session cookie is opened with Auth.js's decode() (once per value) and
// renewed with its encode(), only when its idle timer is due.

afterEach(() => vi.useRealTimers());

describe("the session cookie", () => {
  it("is decrypted once per value; later requests with it find it remembered", async () => {
    const value = await sealedSessionCookie("s1");
    decode.mockClear();
    expect(await readSessionCookie(value)).toMatchObject({ sid: "s1", username: "alice" });
    expect(await readSessionCookie(value)).toMatchObject({ sid: "s1" });
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it("opens nothing that this portal did not seal, and remembers no such value", async () => {
    decode.mockClear();
    expect(await readSessionCookie("not-a-cookie")).toBeUndefined();
    expect(await readSessionCookie("not-a-cookie")).toBeUndefined();
    expect(decode).toHaveBeenCalledTimes(2);
    const foreign = await encode({
      token: { sid: "s1" },
      secret: "another-secret-of-at-least-32-characters",
      salt: "authjs.session-token",
    });
    expect(await readSessionCookie(foreign)).toBeUndefined();
    expect(await readSessionCookie(undefined)).toBeUndefined();
  });

  it("is over once it expires, remembered or not", async () => {
    const value = await sealedSessionCookie("s2", 60);
    expect(await readSessionCookie(value)).toBeDefined();
    expect(await readSessionCookie(value, Date.now() + 61_000)).toBeUndefined();
  });

  it("is renewed at most once a minute, and always outlives the idle timeout ahead", async () => {
    const now = Date.now();
    const claims = await readSessionCookie(await sealedSessionCookie("s3", cookieTestEnv.SESSION_IDLE_TIMEOUT + 60));
    if (!claims) throw new Error("no claims");
    expect(renewalDue(claims, now + 30_000)).toBe(false);
    expect(renewalDue(claims, now + 61_000)).toBe(true);
    vi.useFakeTimers({ now: now + 61_000, toFake: ["Date"] });
    const renewed = await renewedSessionCookie(claims);
    expect(renewed).toMatchObject({
      name: "authjs.session-token",
      options: { httpOnly: true, path: "/", sameSite: "lax", secure: false },
    });
    const expires = renewed.options.expires.getTime();
    expect(expires).toBeGreaterThan(now + 61_000 + 1859_000);
    expect(expires).toBeLessThanOrEqual(now + 61_000 + 1860_000);
    // Auth.js's own decode() opens it, and it runs out when the cookie does.
    const payload = await nextAuthJwt.decode({
      token: renewed.value,
      secret: cookieTestEnv.AUTH_SECRET,
      salt: "authjs.session-token",
    });
    expect(payload).toMatchObject({ sid: "s3", name: "Alice Liddell", username: "alice", exp: expires / 1000 });
    expect(await readSessionCookie(renewed.value)).toMatchObject({ sid: "s3", name: "Alice Liddell" });
  });

  it("is sealed once per renewal: requests still carrying the old cookie get the same new one", async () => {
    const claims = await readSessionCookie(await sealedSessionCookie("s4", cookieTestEnv.SESSION_IDLE_TIMEOUT - 1));
    if (!claims) throw new Error("no claims");
    expect(renewalDue(claims)).toBe(true);
    encode.mockClear();
    decode.mockClear();
    const [first, second] = await Promise.all([renewedSessionCookie(claims), renewedSessionCookie(claims)]);
    const third = await renewedSessionCookie(claims);
    expect(new Set([first.value, second.value, third.value]).size).toBeLessThanOrEqual(2);
    expect(third.value).toBe(second.value);
    expect(third.options.expires.getTime()).toBeLessThanOrEqual(second.options.expires.getTime());
    // The browser's next request carries the new value: known without decryption.
    expect(await readSessionCookie(third.value)).toMatchObject({ sid: "s4", username: "alice" });
    expect(decode).not.toHaveBeenCalled();
    const sealedBefore = encode.mock.calls.length;
    // Once the new cookie is due in its turn, or the name changed, it is sealed anew.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    const later = await renewedSessionCookie(claims);
    expect(later.value).not.toBe(third.value);
    const renamed = await renewedSessionCookie({ ...claims, name: "Alice L." });
    expect(renamed.value).not.toBe(later.value);
    expect(encode.mock.calls.length).toBe(sealedBefore + 2);
  });
});
