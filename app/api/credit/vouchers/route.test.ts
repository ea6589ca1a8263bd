import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const alice = { userId: 1, username: "alice", fullName: "Alice Liddell" };
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session: alice })),
  sessionUser: (session: typeof alice) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({
  getEnv: () => ({
    PORTAL_URL: "http://localhost:3000",
    AUTH_SECRET: "a test secret of at least thirty-two characters",
  }),
}));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));
vi.mock("@/lib/print-server/voucher-payments", () => ({
  offersVouchers: vi.fn(async () => true),
  redeemVoucher: vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { added: 10, balance: 35.5 };
  }),
}));

const { redeemVoucher } = await import("@/lib/print-server/voucher-payments");
const { issueChallenge } = await import("@/lib/challenge/issue-challenge");
const { voucherLimit } = await import("@/lib/credit/voucher-attempts");
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

const unknownCode = () =>
  new PortalError("bad_request", {
    reason: "invalid_voucher",
    field: "code",
    sentenceKey: "credit.voucher.answers.unknown",
  });

/** The widget's field: base64 of the challenge and the solution altcha-lib finds for it. */
async function solvedChallenge(): Promise<string> {
  const challenge = await issueChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

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

  it("lets at most the limit of 40 parallel wrong codes reach the print server, then a solved challenge one more", async () => {
    vi.mocked(redeemVoucher).mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw unknownCode();
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        POST(post({ code: "GUESS-0000", requestId: `guess-${String(i).padStart(4, "0")}` }), noParams),
      ),
    );
    expect(redeemVoucher).toHaveBeenCalledTimes(voucherLimit.perPerson);
    const refused = await Promise.all(answers.filter((answer) => answer.status === 403).map((answer) => answer.json()));
    expect(refused).toHaveLength(40 - voucherLimit.perPerson);
    expect(refused[0]).toMatchObject({ error: "challenge_required" });

    vi.mocked(redeemVoucher).mockResolvedValueOnce({ added: 10, balance: 35.5 });
    const altcha = await solvedChallenge();
    const solved = await POST(post({ code: "VOUCHER-10", requestId: "after-0001", altcha }), noParams);
    expect(solved.status).toBe(200);
    // The same solution a second time counts for nothing.
    const replay = await POST(post({ code: "VOUCHER-11", requestId: "after-0002", altcha }), noParams);
    expect(await replay.json()).toMatchObject({ error: "challenge_failed" });
    expect(redeemVoucher).toHaveBeenCalledTimes(voucherLimit.perPerson + 1);
  });
});
