import { describe, expect, it } from "vitest";
import { isEmbedPath, withEmbed, withoutEmbed } from "./embed-mode";

describe("isEmbedPath", () => {
  it("reads embed=1 from a path's query only", () => {
    expect(isEmbedPath("/reports?embed=1")).toBe(true);
    expect(isEmbedPath("/?x=2&embed=1#top")).toBe(true);
    expect(isEmbedPath("/reports?embed=0")).toBe(false);
    expect(isEmbedPath("/embed=1")).toBe(false);
    expect(isEmbedPath(null)).toBe(false);
  });
});

describe("withEmbed", () => {
  it("adds the parameter once, before the hash", () => {
    expect(withEmbed("/reports", true)).toBe("/reports?embed=1");
    expect(withEmbed("/sign-in?signedOut=1", true)).toBe("/sign-in?signedOut=1&embed=1");
    expect(withEmbed("/#main", true)).toBe("/?embed=1#main");
    expect(withEmbed("/?embed=1", true)).toBe("/?embed=1");
  });

  it("leaves links alone outside a frame and links to other sites always", () => {
    expect(withEmbed("/reports", false)).toBe("/reports");
    expect(withEmbed("https://example.com/", true)).toBe("https://example.com/");
  });
});

describe("withoutEmbed", () => {
  it("removes the parameter from paths and absolute URLs", () => {
    expect(withoutEmbed("/sign-in?embed=1&callbackUrl=%2Freports")).toBe("/sign-in?callbackUrl=%2Freports");
    expect(withoutEmbed("http://localhost:3000/?embed=1")).toBe("http://localhost:3000/");
  });
});
