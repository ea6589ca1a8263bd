import { beforeEach, describe, expect, it, vi } from "vitest";

const jar = new Map<string, string>();
const headerValues = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers([...headerValues]),
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("./upstream-languages", () => ({
  languagesForSession: vi.fn(async () => ({ profileLanguage: "en", serverLanguage: "en" })),
  languagesWithoutSession: vi.fn(async () => ({ profileLanguage: null, serverLanguage: "cs" })),
}));

// Over HTTPS the language cookie is a __Host- cookie (host-cookie.ts).
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "https://print.example.com" }) }));

const { currentSession } = await import("@/lib/auth/current-session");
const upstream = await import("./upstream-languages");
const { requestLocale } = await import("./request-locale");

beforeEach(() => {
  jar.clear();
  headerValues.clear();
  vi.clearAllMocks();
});

describe("requestLocale", () => {
  it("takes the language switch's cookie without asking the print server", async () => {
    jar.set("__Host-portal-language", "de");
    headerValues.set("accept-language", "cs");
    await expect(requestLocale()).resolves.toBe("de");
    expect(currentSession).not.toHaveBeenCalled();
  });

  it("reads the browser and the person's languages when nothing was chosen", async () => {
    vi.mocked(currentSession).mockResolvedValueOnce({
      status: "active",
      sessionId: "s1",
      session: { userId: 7 },
    } as never);
    headerValues.set("accept-language", "de-DE,de;q=0.9");
    await expect(requestLocale()).resolves.toBe("de");
    expect(upstream.languagesForSession).toHaveBeenCalledWith(expect.objectContaining({ sessionId: "s1" }));
  });

  it("ignores a cookie that names no supported language", async () => {
    jar.set("__Host-portal-language", "xx");
    await expect(requestLocale()).resolves.toBe("cs");
    expect(upstream.languagesWithoutSession).toHaveBeenCalled();
  });
});
