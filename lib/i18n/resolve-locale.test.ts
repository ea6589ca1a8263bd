import { describe, expect, it } from "vitest";
import { negotiateAcceptLanguage, resolveLocale } from "./resolve-locale";

describe("negotiateAcceptLanguage", () => {
  it("takes the most preferred supported language, regions included", () => {
    expect(negotiateAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateAcceptLanguage("en-GB;q=0.5, cs;q=0.9")).toBe("cs");
    expect(negotiateAcceptLanguage("fr-FR, cs-CZ;q=0.4")).toBe("cs");
    expect(negotiateAcceptLanguage("DE-at")).toBe("de");
  });

  it("finds nothing in unsupported, refused, wildcard or missing headers", () => {
    expect(negotiateAcceptLanguage("fr-FR,fr;q=0.9")).toBeUndefined();
    expect(negotiateAcceptLanguage("de;q=0")).toBeUndefined();
    expect(negotiateAcceptLanguage("*")).toBeUndefined();
    expect(negotiateAcceptLanguage("fr, *;q=0.1")).toBeUndefined();
    expect(negotiateAcceptLanguage("")).toBeUndefined();
    expect(negotiateAcceptLanguage(null)).toBeUndefined();
  });
});

describe("resolveLocale", () => {
  it("puts the person's own choice first", () => {
    expect(resolveLocale({ chosen: "cs", profileLanguage: "de", acceptLanguage: "en", serverLanguage: "en" })).toBe(
      "cs",
    );
  });

  it("ignores a chosen value that is not a supported language", () => {
    expect(resolveLocale({ chosen: "fr", acceptLanguage: "de" })).toBe("de");
    expect(resolveLocale({ chosen: "de-AT", acceptLanguage: "cs" })).toBe("cs");
  });

  it("takes a profile language the person set over the browser", () => {
    expect(resolveLocale({ profileLanguage: "de", acceptLanguage: "cs-CZ", serverLanguage: "en" })).toBe("de");
    expect(resolveLocale({ profileLanguage: "cs_CZ", acceptLanguage: "en", serverLanguage: "en" })).toBe("cs");
  });

  it("lets the browser outrank a profile language that is only the server's default", () => {
    expect(resolveLocale({ profileLanguage: "en", acceptLanguage: "de-DE,de;q=0.9", serverLanguage: "en" })).toBe("de");
  });

  it("uses a profile language when the server's is unknown", () => {
    expect(resolveLocale({ profileLanguage: "cs", acceptLanguage: "de" })).toBe("cs");
  });

  it("falls back to the server's language, then English", () => {
    expect(resolveLocale({ acceptLanguage: "fr-FR", serverLanguage: "de" })).toBe("de");
    expect(resolveLocale({ profileLanguage: "en", acceptLanguage: "fr", serverLanguage: "en" })).toBe("en");
    expect(resolveLocale({ profileLanguage: "fr", acceptLanguage: "it", serverLanguage: "pl" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });
});
