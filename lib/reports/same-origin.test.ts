import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./same-origin";

const portal = ["http://localhost:3000"];

describe("isCrossSiteRequest", () => {
  it("accepts the portal's own pages", () => {
    expect(isCrossSiteRequest(new Headers({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }), portal)).toBe(false);
    expect(isCrossSiteRequest(new Headers({ origin: "http://localhost:3000" }), portal)).toBe(false);
  });

  it("refuses other sites, even same-site ones", () => {
    expect(isCrossSiteRequest(new Headers({ "sec-fetch-site": "cross-site" }), portal)).toBe(true);
    expect(isCrossSiteRequest(new Headers({ "sec-fetch-site": "same-site" }), portal)).toBe(true);
    expect(isCrossSiteRequest(new Headers({ origin: "https://evil.example" }), portal)).toBe(true);
    expect(isCrossSiteRequest(new Headers({ origin: "null" }), portal)).toBe(true);
  });

  it("lets callers without browser headers through (they still need the session)", () => {
    expect(isCrossSiteRequest(new Headers(), portal)).toBe(false);
  });
});
