import { describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { PortalError } from "@/lib/browser-safe/errors";
import { accessTokenFor } from "@/lib/auth/access-token";
import type { Credentials } from "@/lib/print-server/token-endpoint";
import type { TokenSet } from "@/lib/print-server/token-set";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StoredSession } from "@/lib/state/state-store";
import { withNewSecret } from "./new-secret";

async function tokensOf(userId: number, name: string, expiresAt = Date.now() + 600_000): Promise<TokenSet> {
  const accessToken = await new SignJWT({ sub: String(userId), username: name, jti: Math.random().toString() })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("k".repeat(32)));
  return { accessToken, refreshToken: `refresh-${name}`, expiresAt, lifetimeSeconds: 600, scopes: [] };
}

async function sessionOf(userId: number, name: string, expiresAt?: number): Promise<StoredSession> {
  return { userId, username: name, fullName: name, tokens: await tokensOf(userId, name, expiresAt), createdAt: 0 };
}

/** Bob signed in three times (b1 is the one making the change), alice once. */
async function signedIn() {
  const store = new MemoryStateStore();
  for (const [sid, userId, name] of [
    ["b1", 2, "bob"],
    ["b2", 2, "bob"],
    ["b3", 2, "bob"],
    ["a1", 1, "alice"],
  ] as const) {
    await store.saveSession(sid, await sessionOf(userId, name), 600);
    await store.indexSession(userId, sid, 3600);
  }
  return store;
}

const newPin: Credentials = { method: "pin", pin: "902" };

describe("withNewSecret", () => {
  it("ends the person's other sessions at once and signs this one in again with the new secret", async () => {
    const store = await signedIn();
    const before = (await store.readSession("b1"))?.session.tokens;
    const login = vi.fn(async () => tokensOf(2, "bob-renewed"));
    const value = await withNewSecret(
      { sessionId: "b1", userId: 2 },
      "192.0.2.1",
      async () => ({ value: "902", signInWith: newPin }),
      { store, idleTimeoutSeconds: 600, login },
    );
    expect(value).toBe("902");
    expect(await store.readSession("b2")).toBeUndefined();
    expect(await store.readSession("b3")).toBeUndefined();
    expect(await store.readSession("a1")).toBeDefined();
    expect(await store.sessionsOf(2)).toEqual(["b1"]);
    expect(login).toHaveBeenCalledWith(newPin, "192.0.2.1");
    const after = (await store.readSession("b1"))?.session.tokens;
    expect(after?.refreshToken).toBe("refresh-bob-renewed");
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
  });

  it("ends nothing when the change fails", async () => {
    const store = await signedIn();
    await expect(
      withNewSecret(
        { sessionId: "b1", userId: 2 },
        undefined,
        async () => {
          throw new PortalError("invalid_credentials");
        },
        { store, idleTimeoutSeconds: 600, login: vi.fn() },
      ),
    ).rejects.toMatchObject({ code: "invalid_credentials" });
    expect(await store.sessionsOf(2)).toEqual(["b1", "b2", "b3"]);
    expect(await store.readSession("b2")).toBeDefined();
  });

  it("still ends the other sessions when this one cannot be signed in again, and keeps its tokens", async () => {
    const store = await signedIn();
    const before = (await store.readSession("b1"))?.session.tokens;
    const login = vi.fn(async () => {
      throw new PortalError("unreachable");
    });
    await withNewSecret(
      { sessionId: "b1", userId: 2 },
      undefined,
      async () => ({ value: undefined, signInWith: newPin }),
      { store, idleTimeoutSeconds: 600, login },
    );
    expect(await store.readSession("b2")).toBeUndefined();
    expect((await store.readSession("b1"))?.session.tokens).toEqual(before);
  });

  it("keeps a refresh of this session waiting until the new tokens are in, so it never sends a revoked token", async () => {
    const store = new MemoryStateStore();
    // A session whose access token is due for a refresh.
    const stale = await sessionOf(2, "bob", Date.now() + 1_000);
    await store.saveSession("b1", stale, 600);
    await store.indexSession(2, "b1", 3600);
    let changed!: () => void;
    const changing = new Promise<void>((resolve) => (changed = resolve));
    const done = withNewSecret(
      { sessionId: "b1", userId: 2 },
      undefined,
      async () => {
        await changing;
        return { value: undefined, signInWith: newPin };
      },
      { store, idleTimeoutSeconds: 600, login: async () => tokensOf(2, "bob-renewed") },
    );
    const refresh = vi.fn(async (): Promise<TokenSet> => {
      throw new PortalError("session_ended", { reason: "revoked" });
    });
    const token = accessTokenFor("b1", stale, { store, refresh, idleTimeoutSeconds: 600 });
    changed();
    await done;
    const outcome = await token;
    expect(refresh).not.toHaveBeenCalled();
    expect(outcome.session.tokens.refreshToken).toBe("refresh-bob-renewed");
  });
});
