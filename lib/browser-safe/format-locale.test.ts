import { describe, expect, it } from "vitest";
import { formatLocale } from "./format-locale";

describe("formatLocale", () => {
  it("adds the browser's region when the browser speaks the portal's language", () => {
    expect(formatLocale("en", ["en-GB", "en"])).toBe("en-GB");
    expect(formatLocale("cs", ["de-AT", "cs_CZ"])).toBe("cs-CZ");
    expect(formatLocale("de", ["de-DE", "de"])).toBe("de-DE");
  });

  it("keeps the portal's language when the browser speaks another", () => {
    expect(formatLocale("de", ["en-US", "en"])).toBe("de");
    expect(formatLocale("cs", [])).toBe("cs");
  });

  it("skips tags that are not valid", () => {
    expect(formatLocale("en", ["not a tag!", "en-IE"])).toBe("en-IE");
  });
});
