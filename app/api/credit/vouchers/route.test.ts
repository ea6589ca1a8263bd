import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";

const alice = { userId: 1, username: "alice", fullName: "Alice Liddell" };
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session: alice })),
  sessionUser: (session: typeof alice) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));
vi.mock("@/lib/print-server/voucher-payments", () => ({
  offersVouchers: vi.fn(async () => true),
  redeemVoucher: vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { added: 10, balance: 35.5 };
  }),
}));

const { redeemVoucher } = await import("@/lib/print-server/voucher-payments");
const { PortalError } = await import("@/lib/browser-safe/errors");
const { POST } = await import("./route");

const noParams = { params: Promise.resolve({}) };
const post = (body: unknown, site = "same-origin") =>
  new NextRequest("http://localhost:3000/api/credit/vouchers", {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": site },
    body: JSON.stringify(body),
  });

beforeEach(() => vi.clearAllMocks());

describe("POST /api/credit/vouchers", () => {
  it("redeems the normalised code for the session's own user and answers the new balance", async () => {
    const response = await POST(post({ code: "voucher-10 ", requestId: "press-0001", userId: 2 }), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ added: 10, balance: 35.5 });
    expect(redeemVoucher).toHaveBeenCalledWith(1, "VOUCHER10");
  });

  it("credits once when the same press arrives twice at once, and 40 times in parallel", async () => {
    const twice = await Promise.all([
      POST(post({ code: "VOUCHER-10", requestId: "press-0002" }), noParams),
      POST(post({ code: "VOUCHER-10", requestId: "press-0002" }), noParams),
    ]);
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);
    expect(redeemVoucher).toHaveBeenCalledTimes(1);
    await Promise.all(
      Array.from({ length: 40 }, () => POST(post({ code: "VOUCHER-05", requestId: "press-0040" }), noParams)),
    );
    expect(redeemVoucher).toHaveBeenCalledTimes(2);
  });

  it("is refused from another site, and a code of only dashes is refused with its field", async () => {
    expect((await POST(post({ code: "VOUCHER-10", requestId: "press-0003" }, "cross-site"), noParams)).status).toBe(
      403,
    );
    const blank = await POST(post({ code: " - ", requestId: "press-0004" }), noParams);
    expect(await blank.json()).toMatchObject({ error: "bad_request", field: "code" });
    expect(redeemVoucher).not.toHaveBeenCalled();
  });

  it("lets a refused press be tried again", async () => {
    vi.mocked(redeemVoucher).mockRejectedValueOnce(new PortalError("unreachable"));
    expect((await POST(post({ code: "VOUCHER-20", requestId: "press-0005" }), noParams)).status).toBe(503);
    expect((await POST(post({ code: "VOUCHER-20", requestId: "press-0005" }), noParams)).status).toBe(200);
  });
});
