import { describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { PortalError } from "@/lib/browser-safe/errors";
import type { TokenSet } from "@/lib/print-server/token-set";
import { addressGroup, clientAddress, parseTrustedProxies, peerAddressHeader } from "./client-address";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { openSession, startSession } from "./sign-in";
import { sessionsPerPerson } from "@/lib/state/state-store";
import { signInLimit } from "./failed-sign-ins";
import { safeCallbackPath, signInPath } from "@/lib/browser-safe/sign-in-path";

/** A request from `address` without a sign-in cookie. */
const at = (address: string) => ({ address, browser: undefined });

async function tokenFor(claims: Record<string, unknown>): Promise<TokenSet> {
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("k".repeat(32)));
  return { accessToken, refreshToken: "r", expiresAt: Date.now() + 20_000, lifetimeSeconds: 20, scopes: [] };
}

describe("openSession", () => {
  it("stores the tokens server-side under a random id and returns who signed in", async () => {
    const store = new MemoryStateStore();
    const tokens = await tokenFor({ sub: "3", username: "alice", name: "Alice Liddell" });
    const signedIn = await openSession({ method: "pin", pin: "112358" }, at("198.51.100.1"), {
      store,
      idleTimeoutSeconds: 600,
      maxLifetimeSeconds: 3600,
      login: async () => tokens,
    });
    expect(signedIn).toMatchObject({ userId: 3, username: "alice", fullName: "Alice Liddell" });
    expect(signedIn.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await store.readSession(signedIn.sessionId))?.session.tokens.accessToken).toBe(tokens.accessToken);
    // Indexed under the person, so a new PIN or password can end it from another session.
    expect(await store.sessionsOf(3)).toEqual([signedIn.sessionId]);
  });

  it("asks one address for a challenge after repeated wrong PINs while another address still signs in", async () => {
    const store = new MemoryStateStore();
    const wrong = async (): Promise<TokenSet> => {
      throw new PortalError("invalid_credentials");
    };
    for (let i = 0; i < signInLimit.maxFailures; i += 1) {
      await expect(
        openSession({ method: "pin", pin: "0" }, at("192.0.2.1"), {
          store,
          idleTimeoutSeconds: 600,
          maxLifetimeSeconds: 3600,
          login: wrong,
        }),
      ).rejects.toMatchObject({
        code: "invalid_credentials",
      });
    }
    const login = vi.fn(async () => tokenFor({ sub: "3", username: "alice" }));
    const locked = await openSession({ method: "pin", pin: "112358" }, at("192.0.2.1"), {
      store,
      idleTimeoutSeconds: 600,
      maxLifetimeSeconds: 3600,
      login,
    }).catch((e: unknown) => e);
    expect(locked).toMatchObject({ code: "challenge_required" });
    expect(login).not.toHaveBeenCalled();
    await expect(
      openSession({ method: "pin", pin: "112358" }, at("192.0.2.2"), {
        store,
        idleTimeoutSeconds: 600,
        maxLifetimeSeconds: 3600,
        login,
      }),
    ).resolves.toMatchObject({ username: "alice" });
  });

  it("does not count an outage as a failed attempt", async () => {
    const store = new MemoryStateStore();
    const down = async (): Promise<TokenSet> => {
      throw new PortalError("unreachable");
    };
    for (let i = 0; i < signInLimit.maxFailures + 2; i += 1) {
      await expect(
        openSession({ method: "pin", pin: "1" }, at("192.0.2.3"), {
          store,
          idleTimeoutSeconds: 600,
          maxLifetimeSeconds: 3600,
          login: down,
        }),
      ).rejects.toMatchObject({ code: "unreachable" });
    }
  });
});

describe("startSession", () => {
  it("ends the person's oldest session beyond the index's bound and revokes its refresh token", async () => {
    const store = new MemoryStateStore();
    const revoke = vi.fn(async () => true);
    const deps = { store, idleTimeoutSeconds: 600, maxLifetimeSeconds: 3600, revoke };
    const first = await startSession(
      { ...(await tokenFor({ sub: "3", username: "alice" })), refreshToken: "r-first" },
      deps,
    );
    for (let i = 1; i < sessionsPerPerson; i++)
      await startSession(await tokenFor({ sub: "3", username: "alice" }), deps);
    expect(revoke).not.toHaveBeenCalled();

    const newest = await startSession(await tokenFor({ sub: "3", username: "alice" }), deps);
    expect(await store.readSession(first.sessionId)).toBeUndefined();
    expect(revoke).toHaveBeenCalledExactlyOnceWith("r-first");
    const held = await store.sessionsOf(3);
    expect(held).toHaveLength(sessionsPerPerson);
    expect(held).toContain(newest.sessionId);
    expect(held).not.toContain(first.sessionId);
  });
});

describe("openSession with a user name and a PIN", () => {
  const deps = (store: MemoryStateStore, tokens: TokenSet, revoke = vi.fn(async () => true)) => ({
    store,
    idleTimeoutSeconds: 600,
    maxLifetimeSeconds: 3600,
    login: async () => tokens,
    aliasesOf: async () => ["a.liddell"],
    revoke,
  });

  it("signs in when the PIN's owner is the person named: user name or alias, any letter case", async () => {
    const store = new MemoryStateStore();
    const tokens = await tokenFor({ sub: "3", username: "alice" });
    for (const username of ["alice", " ALICE ", "A.Liddell"])
      await expect(
        openSession({ method: "pin", username, pin: "112358" }, at("198.51.100.1"), deps(store, tokens)),
      ).resolves.toMatchObject({ userId: 3 });
  });

  it("refuses another person's PIN as a wrong PIN, counts it, and revokes the tokens it got", async () => {
    const store = new MemoryStateStore();
    const revoke = vi.fn(async () => true);
    const tokens = await tokenFor({ sub: "3", username: "alice" });
    const refused = await openSession(
      { method: "pin", username: "bob", pin: "112358" },
      at("198.51.100.2"),
      deps(store, tokens, revoke),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PortalError);
    expect(refused).toMatchObject({ code: "invalid_credentials" });
    expect(revoke).toHaveBeenCalledWith("r");
    expect(await store.sessionsOf(3)).toEqual([]);
    expect((await store.peek("sign-in-failures:198.51.100.2")).count).toBe(1);
  });
});

describe("clientAddress", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  const direct = { header: undefined, proxies: parseTrustedProxies("") };
  const behindProxy = { header: "x-forwarded-for", proxies: parseTrustedProxies("127.0.0.1, ::1, 10.0.0.0/8") };

  it("uses the peer address written by the portal's server, never a client's X-Forwarded-For", () => {
    expect(
      clientAddress(headers({ [peerAddressHeader]: "::ffff:127.0.0.1", "x-forwarded-for": "6.6.6.6" }), direct, true),
    ).toBe("127.0.0.1");
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6" }), direct, true)).toBeUndefined();
  });

  it("ignores both headers when the portal's own server did not write the peer", () => {
    expect(clientAddress(headers({ [peerAddressHeader]: "10.1.2.3" }), direct, false)).toBeUndefined();
    expect(clientAddress(headers({ [peerAddressHeader]: "10.1.2.3" }), direct)).toBeUndefined();
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.5" }), behindProxy, false)).toBeUndefined();
  });

  it("believes the forwarded header only from a configured proxy, right-most entry", () => {
    const viaProxy = headers({ [peerAddressHeader]: "10.2.3.4", "x-forwarded-for": "6.6.6.6, 203.0.113.5" });
    expect(clientAddress(viaProxy, behindProxy, true)).toBe("203.0.113.5");
    // A client that reaches the portal directly writes what it likes: its own address counts.
    const directClient = headers({ [peerAddressHeader]: "198.51.100.7", "x-forwarded-for": "203.0.113.99" });
    expect(clientAddress(directClient, behindProxy, true)).toBe("198.51.100.7");
    const proxyV6 = headers({ [peerAddressHeader]: "::1", "x-forwarded-for": "2001:db8::5" });
    expect(clientAddress(proxyV6, behindProxy, true)).toBe("2001:db8::5");
    expect(
      clientAddress(
        headers({ [peerAddressHeader]: "10.2.3.4", "x-forwarded-for": "not an address" }),
        behindProxy,
        true,
      ),
    ).toBeUndefined();
  });

  it("refuses a proxy list that is not addresses or ranges", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.example.com")).toThrow();
  });
});

describe("addressGroup", () => {
  it("keeps IPv4 addresses and groups IPv6 addresses by their /64", () => {
    expect(addressGroup("203.0.113.5")).toBe("203.0.113.5");
    expect(addressGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("::ffff:192.0.2.1")).toBe("0:0:0:0::/64");
  });
});

describe("sign-in paths", () => {
  it("keeps same-site paths and drops everything else", () => {
    expect(safeCallbackPath("/reports?x=1#top")).toBe("/reports?x=1#top");
    expect(safeCallbackPath("https://evil.example/")).toBe("/");
    expect(safeCallbackPath("//evil.example/")).toBe("/");
    expect(safeCallbackPath("/\\evil.example")).toBe("/");
    expect(safeCallbackPath("/sign-in?callbackUrl=/x")).toBe("/");
    expect(safeCallbackPath(undefined)).toBe("/");
  });
  // Dot segments that collapse into "//": a browser reads "//evil.example" as another site.
  it.each([
    "/.//evil.example/x",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "/a/%2E%2E//evil.example",
  ])("never answers another site's address for %s", (value) => {
    const path = safeCallbackPath(value);
    expect(path).toBe("/");
    expect(safeCallbackPath(path)).toBe(path);
  });
  it("still tidies a dot segment of a path of its own", () => {
    expect(safeCallbackPath("/a/../reports?x=1")).toBe("/reports?x=1");
  });
  it("builds the sign-in address with the way back and the ended reason", () => {
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath("/reports?a=1", true)).toBe("/sign-in?callbackUrl=%2Freports%3Fa%3D1&reason=session_ended");
  });
});
