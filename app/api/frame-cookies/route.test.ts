import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

// The cookie probe: a cookie counts as kept only when it carries the value
// this portal set on the previous ask, never a probe cookie of another portal
// on the same host (browsers share cookies across ports).

vi.mock("@/lib/env", () => ({
  getEnv: () => ({ PORTAL_URL: "http://localhost:3000", PORTAL_FRAME_ANCESTORS: ["'self'"] }),
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { GET } = await import("./route");

async function ask(query: string, cookie?: string) {
  const request = new NextRequest(`http://localhost:3000/api/frame-cookies${query}`, {
    headers: cookie ? { cookie } : {},
  });
  const answer = await GET(request, { params: Promise.resolve({}) });
  const set = answer.headers.get("set-cookie") ?? "";
  return { status: answer.status, body: (await answer.json()) as { accepted: boolean; probe: string }, set };
}

describe("GET /api/frame-cookies", () => {
  it("sets a new random probe each time and accepts it when it comes back", async () => {
    const first = await ask("");
    expect(first.body.accepted).toBe(false);
    expect(first.set).toContain(`portal-cookie-probe=${first.body.probe}`);
    const second = await ask(`?probe=${first.body.probe}`, `portal-cookie-probe=${first.body.probe}`);
    expect(second.body.accepted).toBe(true);
    expect(second.body.probe).not.toBe(first.body.probe);
  });

  it("does not take a probe cookie it did not set for this ask", async () => {
    const first = await ask("");
    expect((await ask(`?probe=${first.body.probe}`, "portal-cookie-probe=1")).body.accepted).toBe(false);
    expect((await ask(`?probe=${first.body.probe}`)).body.accepted).toBe(false);
    expect((await ask("", `portal-cookie-probe=${first.body.probe}`)).body.accepted).toBe(false);
  });

  it("refuses an overlong probe as a bad request", async () => {
    const answer = await ask(`?probe=${"x".repeat(65)}`);
    expect(answer.status).toBe(400);
  });
});
