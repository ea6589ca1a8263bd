import { describe, expect, it } from "vitest";
import { fixedTheme, themeChoiceOf } from "./theme";

describe("themeChoiceOf", () => {
  it("reads the two fixed themes and system", () => {
    expect(themeChoiceOf("light")).toBe("light");
    expect(themeChoiceOf("dark")).toBe("dark");
    expect(themeChoiceOf("system")).toBe("system");
  });

  it("follows the system when the cookie is absent or unknown", () => {
    for (const value of [undefined, "", "DARK", "sepia"]) expect(themeChoiceOf(value)).toBe("system");
  });
});

describe("fixedTheme", () => {
  it("forces only a theme the person chose", () => {
    expect(fixedTheme("light")).toBe("light");
    expect(fixedTheme("dark")).toBe("dark");
    expect(fixedTheme("system")).toBeUndefined();
  });
});
