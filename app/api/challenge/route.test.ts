import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { MemoryStateStore } from "@/lib/state/memory-state-store";

// The widget's challenge source: a fresh signed challenge each time, never
// cached, whose solution the portal then accepts once.

const authSecret = "a test secret of at least thirty-two characters";
vi.mock("@/lib/env", () => ({ getEnv: () => ({ AUTH_SECRET: authSecret, PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { GET } = await import("./route");
const { acceptSolution } = await import("@/lib/challenge/accept-solution");

describe("GET /api/challenge", { timeout: 60_000 }, () => {
  it("answers a fresh signed challenge, not to be cached, whose solution counts once", async () => {
    const get = () => GET(new NextRequest("http://localhost:3000/api/challenge"), { params: Promise.resolve({}) });
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const challenge = (await answer.json()) as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", expiresAt: expect.any(Number) });
    expect(challenge.signature).toMatch(/\S/);
    expect((await (await get()).json()).parameters.nonce).not.toBe(challenge.parameters.nonce);

    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const store = new MemoryStateStore();
    expect(await acceptSolution(payload, { store })).toBe("solved");
    expect(await acceptSolution(payload, { store })).toBe("failed");
  });
});
