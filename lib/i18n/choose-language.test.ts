import { beforeEach, describe, expect, it, vi } from "vitest";

const set = vi.fn();
vi.mock("next/headers", () => ({ cookies: async () => ({ set }) }));
let portalUrl = "https://print.example.com";
let frameAncestors = ["'self'"];
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: portalUrl, PORTAL_FRAME_ANCESTORS: frameAncestors }) }));

const { chooseLanguage } = await import("./choose-language");

beforeEach(() => {
  set.mockClear();
  portalUrl = "https://print.example.com";
  frameAncestors = ["'self'"];
});

describe("chooseLanguage", () => {
  it("remembers a supported language for a year, out of scripts' reach", async () => {
    await chooseLanguage("cs");
    expect(set).toHaveBeenCalledWith("__Host-portal-language", "cs", {
      path: "/",
      maxAge: 365 * 24 * 3600,
      sameSite: "lax",
      httpOnly: true,
      secure: true,
      partitioned: false,
    });
  });

  it("keeps the choice inside intranet frames when embedding is allowed", async () => {
    frameAncestors = ["'self'", "https://intranet.example.com"];
    await chooseLanguage("de");
    expect(set).toHaveBeenCalledWith(
      "__Host-portal-language",
      "de",
      expect.objectContaining({ sameSite: "none", secure: true, partitioned: true }),
    );
  });

  it("marks the cookie secure only for an https portal", async () => {
    portalUrl = "http://localhost:3000";
    await chooseLanguage("de");
    expect(set).toHaveBeenCalledWith("portal-language", "de", expect.objectContaining({ secure: false }));
  });

  it("ignores anything that is not a supported language", async () => {
    for (const value of ["fr", "de-AT", "", "en; Path=/admin"]) await chooseLanguage(value);
    await chooseLanguage(null);
    expect(set).not.toHaveBeenCalled();
  });
});
