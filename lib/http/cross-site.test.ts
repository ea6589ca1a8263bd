import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { isCrossSiteRequest, refuseCrossSite } from "./cross-site";

// The language cookie's name follows PORTAL_URL (host-cookie.ts).
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));

const portal = ["http://localhost:3000"];

describe("isCrossSiteRequest", () => {
  it("accepts the portal's own pages", () => {
    expect(
      isCrossSiteRequest(new Headers({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }), portal),
    ).toBe(false);
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

describe("refuseCrossSite", () => {
  const portalUrl = "http://localhost:3000";
  const request = (method: string, path: string, headers: Record<string, string>) =>
    new NextRequest(`http://localhost:3000${path}`, { method, headers });

  it("lets reading requests and the portal's own posts through", () => {
    expect(refuseCrossSite(request("GET", "/", { "sec-fetch-site": "cross-site" }), portalUrl)).toBeUndefined();
    expect(
      refuseCrossSite(request("POST", "/sign-in", { "sec-fetch-site": "same-origin" }), portalUrl),
    ).toBeUndefined();
    expect(
      refuseCrossSite(request("POST", "/api/reports/executions", { origin: portalUrl }), portalUrl),
    ).toBeUndefined();
  });

  it("answers a form post from another site in the person's language", async () => {
    const answer = refuseCrossSite(
      request("POST", "/sign-in", { origin: "https://evil.example", "accept-language": "de" }),
      portalUrl,
    );
    expect(answer?.status).toBe(403);
    expect(answer?.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await answer?.text()).toMatch(/nicht aus dem Portal/);
  });
});
