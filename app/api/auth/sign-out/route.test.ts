import { beforeEach, describe, expect, it, vi } from "vitest";
import { postForm } from "@/lib/http/form-post-test-kit";
import { signOutRoute } from "@/lib/browser-safe/form-routes";

// The user menu's sign-out route with the sign-out itself mocked (its store
// and cookie work are lib/auth/sign-out.ts's): where the browser is sent, and
// what is refused before anything ends.

vi.mock("@/lib/auth/sign-out", () => ({ signOutHere: vi.fn(async () => "signed-out" as const) }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { signOutHere } = await import("@/lib/auth/sign-out");
const { POST } = await import("./route");

const post = (fields: Record<string, string>, headers?: Record<string, string>) =>
  postForm(POST, signOutRoute, fields, headers);

beforeEach(() => vi.mocked(signOutHere).mockClear());

describe("POST /api/auth/sign-out", () => {
  it("signs out and sends the browser to the sign-in page, uncached", async () => {
    const answer = await post({ returnTo: "/jobs" });
    expect(signOutHere).toHaveBeenCalledTimes(1);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("http://localhost:3000/sign-in?signedOut=1");
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the framed layout when signed out inside an intranet frame", async () => {
    const answer = await post({ returnTo: "/reports?embed=1" });
    expect(answer.headers.get("location")).toBe("http://localhost:3000/sign-in?signedOut=1&embed=1");
  });

  it("says so on the sign-in page when the state store was out (the browser is signed out all the same)", async () => {
    vi.mocked(signOutHere).mockResolvedValueOnce("store-out");
    const answer = await post({ returnTo: "/jobs" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("http://localhost:3000/sign-in?signedOut=store-out");
  });

  it("refuses a post that is not the menu's form (no returnTo): nobody is signed out by it", async () => {
    const answer = await post({ a: "x" });
    expect(answer.status).toBe(400);
    expect(signOutHere).not.toHaveBeenCalled();
  });

  it("refuses a post from another site: nobody is signed out by another page", async () => {
    const answer = await post({ returnTo: "/" }, { "sec-fetch-site": "cross-site" });
    expect(answer.status).toBe(403);
    expect(signOutHere).not.toHaveBeenCalled();
  });
});
