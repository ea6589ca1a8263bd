import { describe, expect, it } from "vitest";
import { chooseLocale, fallbackLocale } from "./locale";

describe("chooseLocale", () => {
  it("takes the profile's language over a browser in another language", () => {
    expect(chooseLocale("de", ["en-US", "en"])).toBe("de");
  });

  it("adds the browser's region when it speaks the profile's language", () => {
    expect(chooseLocale("en", ["en-GB", "en"])).toBe("en-GB");
    expect(chooseLocale("cs", ["de-AT", "cs-CZ"])).toBe("cs-CZ");
  });

  it("keeps a profile language that names its own region", () => {
    expect(chooseLocale("de-CH", ["de-DE"])).toBe("de-CH");
  });

  it("uses the browser's first valid language without a profile language", () => {
    expect(chooseLocale(null, ["not a tag!", "cs_CZ", "en"])).toBe("cs-CZ");
  });

  it("falls back to English when nothing usable is known", () => {
    expect(chooseLocale("", [])).toBe(fallbackLocale);
    expect(chooseLocale("??", ["!!"])).toBe(fallbackLocale);
  });
});
