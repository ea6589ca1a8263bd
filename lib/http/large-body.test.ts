import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { declaresLargeBody, maxRequestBodyBytes, refuseLargeBody } from "./large-body";

// The language cookie's name follows PORTAL_URL (host-cookie.ts).
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));

const post = (path: string, length: number) =>
  new NextRequest(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-length": String(length), "accept-language": "de" },
  });

describe("refuseLargeBody", () => {
  it("lets a body up to the cap through", () => {
    expect(refuseLargeBody(post("/sign-in", maxRequestBodyBytes))).toBeUndefined();
    expect(refuseLargeBody(new NextRequest("http://localhost:3000/"))).toBeUndefined();
  });

  it("refuses a larger form post to a page with a plain sentence", async () => {
    const answer = refuseLargeBody(post("/sign-in", 10 * 1024 * 1024));
    expect(answer?.status).toBe(413);
    expect(answer?.headers.get("content-type")).toContain("text/plain");
    expect((await answer?.text())?.length).toBeGreaterThan(10);
  });

  it("tells the route wrapper the same (it answers API requests with their JSON error)", () => {
    expect(declaresLargeBody(post("/api/credit/vouchers", maxRequestBodyBytes))).toBe(false);
    expect(declaresLargeBody(post("/api/credit/vouchers", maxRequestBodyBytes + 1))).toBe(true);
  });
});
