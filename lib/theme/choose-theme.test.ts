import { beforeEach, describe, expect, it, vi } from "vitest";

const set = vi.fn();
vi.mock("next/headers", () => ({ cookies: async () => ({ set }) }));
// The attributes are the cookie policy's business (tested with it); here only
// that the theme cookie uses them, for a year.
vi.mock("@/lib/embedding/cookie-policy", () => ({
  preferenceCookieOptions: (maxAge: number) => ({ path: "/", maxAge, policy: "from cookie-policy.ts" }),
}));

vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "https://print.example.com" }) }));

const { chooseTheme } = await import("./choose-theme");

beforeEach(() => set.mockClear());

describe("chooseTheme", () => {
  it.each(["light", "dark", "system"])(
    "remembers %s for a year with the preference cookie attributes",
    async (theme) => {
      await chooseTheme(theme);
      expect(set).toHaveBeenCalledWith("__Host-portal-theme", theme, {
        path: "/",
        maxAge: 365 * 24 * 3600,
        policy: "from cookie-policy.ts",
      });
    },
  );

  it("ignores anything that is not a theme", async () => {
    for (const value of ["Dark", "blue", "", "dark; Path=/admin"]) await chooseTheme(value);
    await chooseTheme(null);
    expect(set).not.toHaveBeenCalled();
  });
});
