import { beforeEach, describe, expect, it, vi } from "vitest";
import { postForm } from "@/lib/http/form-post-test-kit";
import { preferencesRoute } from "@/lib/browser-safe/form-routes";

// The language and theme forms' route with the cookie writers mocked (they
// are tested in lib/): which choice is passed on, and where the browser is
// sent back to.

vi.mock("@/lib/i18n/choose-language", () => ({ chooseLanguage: vi.fn(async () => undefined) }));
vi.mock("@/lib/theme/choose-theme", () => ({ chooseTheme: vi.fn(async () => undefined) }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { chooseLanguage } = await import("@/lib/i18n/choose-language");
const { chooseTheme } = await import("@/lib/theme/choose-theme");
const { POST } = await import("./route");

const post = (fields: Record<string, string>, headers?: Record<string, string>) =>
  postForm(POST, preferencesRoute, fields, headers);

beforeEach(() => {
  vi.mocked(chooseLanguage).mockClear();
  vi.mocked(chooseTheme).mockClear();
});

describe("POST /api/preferences", () => {
  it("remembers the language and sends the browser back to the page, framed if it was, uncached", async () => {
    const answer = await post({ locale: "de", returnTo: "/reports?embed=1" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("http://localhost:3000/reports?embed=1");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(chooseLanguage).toHaveBeenCalledWith("de");
    expect(chooseTheme).not.toHaveBeenCalled();
  });

  it("remembers the theme, back on the sign-in page with its query", async () => {
    const answer = await post({ theme: "dark", returnTo: "/sign-in?callbackUrl=%2Fjobs" });
    expect(answer.headers.get("location")).toBe("http://localhost:3000/sign-in?callbackUrl=%2Fjobs");
    expect(chooseTheme).toHaveBeenCalledWith("dark");
    expect(chooseLanguage).not.toHaveBeenCalled();
  });

  it.each(["https://evil.example/", "//evil.example/", "/\\evil.example", "/.//evil.example", ""])(
    "goes home instead of to %j",
    async (returnTo) => {
      const answer = await post({ theme: "dark", returnTo });
      expect(answer.headers.get("location")).toBe("http://localhost:3000/");
    },
  );

  it("refuses a post from another site, remembering nothing", async () => {
    const answer = await post({ locale: "de", returnTo: "/" }, { "sec-fetch-site": "cross-site" });
    expect(answer.status).toBe(403);
    expect(chooseLanguage).not.toHaveBeenCalled();
  });

  it("refuses a post without the page it came from: not the portal's form, nothing remembered", async () => {
    const answer = await post({ locale: "de" });
    expect(answer.status).toBe(400);
    expect(chooseLanguage).not.toHaveBeenCalled();
  });

  it("refuses a body that is not a form", async () => {
    const answer = await post({ locale: "de", returnTo: "/" }, { "content-type": "application/json" });
    expect(answer.status).toBe(400);
    expect(chooseLanguage).not.toHaveBeenCalled();
  });
});
