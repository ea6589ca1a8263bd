import { describe, expect, it } from "vitest";
import { allowsOtherOrigins, frameAncestorsDirective, frameAncestorsSchema } from "./frame-ancestors";

describe("PORTAL_FRAME_ANCESTORS", () => {
  it("defaults to the portal itself", () => {
    const ancestors = frameAncestorsSchema.parse(undefined);
    expect(frameAncestorsDirective(ancestors)).toBe("frame-ancestors 'self'");
    expect(allowsOtherOrigins(ancestors)).toBe(false);
  });

  it("takes origins separated by spaces or commas, always with 'self'", () => {
    const ancestors = frameAncestorsSchema.parse("https://Intranet.example.com/, https://*.corp.example:8443  'self'");
    expect(ancestors).toEqual(["'self'", "https://intranet.example.com", "https://*.corp.example:8443"]);
    expect(allowsOtherOrigins(ancestors)).toBe(true);
  });

  it("refuses paths, other schemes and wildcards for everyone", () => {
    for (const bad of [
      "https://intranet.example.com/portal",
      "ftp://intranet.example.com",
      "*",
      "https://*",
      "intranet.example.com",
    ]) {
      expect(frameAncestorsSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("refuses http:// intranet pages, except on this machine", () => {
    const plain = frameAncestorsSchema.safeParse("https://intranet.example.com http://intranet.example.com");
    expect(plain.success).toBe(false);
    expect(plain.error?.issues[0]?.message).toMatch(/https:\/\/ origins/);
    expect(frameAncestorsSchema.parse("http://127.0.0.1:8080, http://localhost")).toEqual([
      "'self'",
      "http://127.0.0.1:8080",
      "http://localhost",
    ]);
  });
});
