import { describe, expect, it, vi } from "vitest";

// Every cookie Auth.js may set is `__Host-` over HTTPS (Secure, Path=/, no
// Domain), framed or not, and keeps its plain name on http://localhost.

const env = vi.hoisted(() => ({
  current: { PORTAL_URL: "https://print.example.com", PORTAL_FRAME_ANCESTORS: ["'self'"] } as Record<string, unknown>,
}));
vi.mock("@/lib/env", () => ({ getEnv: () => env.current }));

const { authCookies } = await import("./auth-cookies");

function cookiesFor(portalUrl: string, frameAncestors: string[]) {
  env.current = { PORTAL_URL: portalUrl, PORTAL_FRAME_ANCESTORS: frameAncestors };
  return Object.values(authCookies(portalUrl) ?? {});
}

describe("authCookies", () => {
  it("names every cookie __Host- over HTTPS, Secure with Path=/ and no Domain", () => {
    const cookies = cookiesFor("https://print.example.com", ["'self'"]);
    expect(cookies.length).toBeGreaterThanOrEqual(6);
    for (const cookie of cookies) {
      expect(cookie?.name).toMatch(/^__Host-authjs\./);
      expect(cookie?.options).toMatchObject({ secure: true, path: "/", sameSite: "lax", httpOnly: true });
      expect(cookie?.options).not.toHaveProperty("domain");
    }
  });

  it("keeps them partitioned for another site's frame", () => {
    for (const cookie of cookiesFor("https://print.example.com", ["'self'", "https://intranet.example.com"])) {
      expect(cookie?.name).toMatch(/^__Host-/);
      expect(cookie?.options).toMatchObject({ secure: true, path: "/", sameSite: "none", partitioned: true });
    }
  });

  it("uses the plain names on http://localhost", () => {
    for (const cookie of cookiesFor("http://localhost:3000", ["'self'"])) {
      expect(cookie?.name).toMatch(/^authjs\./);
      expect(cookie?.options).toMatchObject({ secure: false, path: "/" });
    }
  });
});
