import { beforeEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { clientAccessToken, withClientToken, type ClientTokenCache } from "./client-token";
import type { TokenSet } from "./token-set";

function token(name: string, lifetimeSeconds: number): TokenSet {
  return { accessToken: name, expiresAt: Date.now() + lifetimeSeconds * 1000, lifetimeSeconds, scopes: ["users"] };
}

let cache: ClientTokenCache;
beforeEach(() => {
  cache = {};
});

describe("clientAccessToken", () => {
  it("asks once for parallel callers and reuses the token while it is fresh", async () => {
    const fetchToken = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return token("client-1", 1800);
    });
    const all = await Promise.all(Array.from({ length: 5 }, () => clientAccessToken(fetchToken, cache)));
    expect(all).toEqual(Array(5).fill("client-1"));
    expect(await clientAccessToken(fetchToken, cache)).toBe("client-1");
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it("asks again when the token is near expiry", async () => {
    // 30 s left of a 1800 s token: inside the 60 s margin.
    const nearExpiry: TokenSet = { ...token("old", 1800), expiresAt: Date.now() + 30_000 };
    const fetchToken = vi.fn().mockResolvedValueOnce(nearExpiry).mockResolvedValueOnce(token("new", 1800));
    expect(await clientAccessToken(fetchToken, cache)).toBe("old");
    expect(await clientAccessToken(fetchToken, cache)).toBe("new");
  });

  it("does not cache a failure", async () => {
    const fetchToken = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(token("ok", 1800));
    await expect(clientAccessToken(fetchToken, cache)).rejects.toThrow("down");
    expect(await clientAccessToken(fetchToken, cache)).toBe("ok");
  });
});

describe("withClientToken", () => {
  it("gets a new token once when the print server refuses the cached one (a restart with a new signing key)", async () => {
    const fetchToken = vi.fn().mockResolvedValueOnce(token("old", 1800)).mockResolvedValueOnce(token("new", 1800));
    const seen: string[] = [];
    const answer = await withClientToken(
      async (value) => {
        seen.push(value);
        if (value === "old") throw new PortalError("internal", { upstreamStatus: 401 });
        return "printers";
      },
      fetchToken,
      cache,
    );
    expect(answer).toBe("printers");
    expect(seen).toEqual(["old", "new"]);
    expect(await clientAccessToken(fetchToken, cache)).toBe("new");
  });

  it("passes other failures on without asking for a new token", async () => {
    const fetchToken = vi.fn().mockResolvedValue(token("one", 1800));
    const refusal = new PortalError("forbidden_scope", { upstreamStatus: 403 });
    await expect(withClientToken(() => Promise.reject(refusal), fetchToken, cache)).rejects.toBe(refusal);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });
});
