import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VOUCHER_FAILURES } from "../src/db/payments.js";
import { call, type CallOptions, type CallResult } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, CAROL, clientToken, userToken } from "./support/tokens.js";

// Payments in MyQ's shapes (contract: "Credit: vouchers and statement"):
// create, then commit or roll back, on a client token with "Manage payments".

let server: TestApp;
let manager: string; // a client token with the "Manage payments" right
let otherManager: string; // another application with the right
let plainClient: string; // a client token without it
let aliceToken: string;

beforeAll(async () => {
  server = await buildTestApp();
  const payments = await server.registerClient("users credit", { managePayments: true });
  const other = await server.registerClient("users credit", { managePayments: true, title: "Another gateway" });
  const plain = await server.registerClient("users credit");
  manager = await accessToken(await clientToken(server, payments, "credit"));
  otherManager = await accessToken(await clientToken(server, other, "credit"));
  plainClient = await accessToken(await clientToken(server, plain, "credit"));
  aliceToken = await accessToken(await userToken(server, plain, "credit", { type: 2, pin: ALICE.pin }));
});

afterAll(async () => {
  await server.close();
});

// Each test starts with no wrong-code history, so limits do not leak between tests.
beforeEach(() => {
  server.services.db.prepare("DELETE FROM voucher_failures").run();
});

/** Credit from the accounts answer, as MyQ's clients read it: internalaccount's limits.price. */
async function credit(userId: number): Promise<number> {
  const res = await call(server, "getUserAccounts", { token: manager, params: { id: userId } });
  expect(res.status).toBe(200);
  const own = res.json.accounts.find((a: { reference: string }) => a.reference === "internalaccount");
  return own.limits.price as number;
}

function create(provider: string, body: unknown, token = manager): Promise<CallResult> {
  return call(server, "createPayment", { token, params: { provider }, json: body });
}

function commit(provider: string, paymentId: string, extra: CallOptions = {}, token = manager): Promise<CallResult> {
  return call(server, "commitPayment", { token, params: { provider, paymentId }, ...extra });
}

function redeem(code: string, userId: number = ALICE.id): Promise<CallResult> {
  return create("voucher", { userId, params: { code } });
}

/** A fresh voucher only this test uses. */
function voucher(code: string, euros: number, expiresInSeconds = 86_400): string {
  const now = Math.floor(Date.now() / 1000);
  server.services.payments.addVoucher({ code, valueCents: euros * 100, now, expiresAt: now + expiresInSeconds });
  return code;
}

describe("recharge providers", () => {
  it("lists external and voucher in MyQ's shape, for client and user tokens", async () => {
    for (const token of [plainClient, aliceToken]) {
      const res = await call(server, "listRechargeProviders", { token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        providers: [
          expect.objectContaining({ name: "External Payment Providers", reference: "external", params: [] }),
          expect.objectContaining({ name: "Voucher", reference: "voucher", params: [] }),
        ],
        count: 2,
      });
    }
  });

  it("`settings recharge-providers --voucher off` turns vouchers off at once, and on again", async () => {
    const listed = async () =>
      (await call(server, "listRechargeProviders", { token: aliceToken })).json.providers.map(
        (p: { reference: string }) => p.reference,
      );
    const accountProviders = async () => {
      const res = await call(server, "getUserAccounts", { token: manager, params: { id: ALICE.id } });
      const own = res.json.accounts.find((a: { reference: string }) => a.reference === "internalaccount");
      return own.rechargeProviders.map((p: { reference: string }) => p.reference);
    };
    const cli = async (...args: string[]) => {
      const result = await server.cli(["settings", "recharge-providers", ...args]);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout);
    };
    try {
      expect(await cli()).toEqual({ rechargeProviders: ["external", "voucher"] });
      expect(await cli("--voucher", "off")).toEqual({ rechargeProviders: ["external"] });
      expect(await listed()).toEqual(["external"]);
      expect(await accountProviders()).toEqual(["external"]);
      const refused = await redeem(voucher("OFF-WHILE-OFF", 5));
      expect(refused.status).toBe(404);
      expect(await cli()).toEqual({ rechargeProviders: ["external"] });

      const wrong = await server.cli(["settings", "recharge-providers", "--voucher", "no"]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("--voucher must be on or off");
    } finally {
      expect(await cli("--voucher", "on")).toEqual({ rechargeProviders: ["external", "voucher"] });
    }
    expect(await listed()).toEqual(["external", "voucher"]);
    expect((await redeem("OFF-WHILE-OFF")).status).toBe(201);
  });
});

describe("the Manage payments right", () => {
  it("is needed for every payment call: without it 403 not_allowed", async () => {
    const created = await create("external", { userId: ALICE.id, params: { amount: 1 } });
    expect(created.status).toBe(201);
    const calls: Array<() => Promise<CallResult>> = [
      () => create("external", { userId: ALICE.id, params: { amount: 1 } }, plainClient),
      () => create("voucher", { userId: ALICE.id, params: { code: "VOUCHER-05" } }, plainClient),
      () => commit("external", created.json.id, {}, plainClient),
      () =>
        call(server, "rollbackPayment", {
          token: plainClient,
          params: { provider: "external", paymentId: created.json.id },
        }),
      () => call(server, "listPayments", { token: plainClient, params: { provider: "external" } }),
      () => call(server, "listPayments", { token: plainClient, params: { provider: "voucher" } }),
    ];
    for (const send of calls) {
      const res = await send();
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("not_allowed");
    }
    // Nothing of the above moved money or the payment.
    expect((await commit("external", created.json.id)).status).toBe(200);
  });

  it("is given by `clients add --manage-payments` and listed by `clients list`", async () => {
    const added = await server.cli(["clients", "add", "--title", "Gateway", "--scopes", "credit", "--manage-payments"]);
    expect(added.code).toBe(0);
    const { clientId } = JSON.parse(added.stdout) as { clientId: string };
    const listed = JSON.parse((await server.cli(["clients", "list"])).stdout) as Array<{
      clientId: string;
      managePayments: boolean;
    }>;
    expect(listed.find((c) => c.clientId === clientId)?.managePayments).toBe(true);
    expect(listed.filter((c) => c.managePayments === false).length).toBeGreaterThan(0);
  });
});

describe("external payments", () => {
  it("change no balance until committed; commit with an empty JSON body answers amount and balance", async () => {
    const before = await credit(ALICE.id);
    const created = await create("external", {
      userId: ALICE.id,
      description: "School canteen top-up",
      params: { amount: 5 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      userId: ALICE.id,
      amount: 5,
      description: "School canteen top-up",
      params: { amount: 5 },
      state: "created",
    });
    expect(typeof created.json.id).toBe("string");
    expect(await credit(ALICE.id)).toBe(before);

    // The MyQ payment gateway's commit: an empty body labelled application/json.
    const committed = await commit("external", created.json.id, { raw: "", contentType: "application/json" });
    expect(committed.status).toBe(200);
    expect(committed.json).toEqual({
      id: created.json.id,
      userId: ALICE.id,
      amount: 5,
      state: "committed",
      balance: before + 5,
    });
    expect(await credit(ALICE.id)).toBe(before + 5);
  });

  it("takes `{}` or no body at all for commit and rollback, and refuses anything else in the body", async () => {
    const a = await create("external", { userId: BOB.id, params: { amount: 0.1 } });
    expect((await commit("external", a.json.id, { json: {} })).status).toBe(200);
    const b = await create("external", { userId: BOB.id, params: { amount: 0.1 } });
    expect((await commit("external", b.json.id)).status).toBe(200);
    const c = await create("external", { userId: BOB.id, params: { amount: 0.1 } });
    const rolled = await call(server, "rollbackPayment", {
      token: manager,
      params: { provider: "external", paymentId: c.json.id },
      raw: "",
      contentType: "application/json",
    });
    expect(rolled.json).toEqual({ id: c.json.id, userId: BOB.id, amount: 0.1, state: "rolledback" });
    const d = await create("external", { userId: BOB.id, params: { amount: 0.1 } });
    expect((await commit("external", d.json.id, { json: { amount: 100 } })).status).toBe(400);
  });

  it("refuses amounts that are not whole cents or not positive, a code, and an unknown user", async () => {
    for (const params of [{ amount: 0 }, { amount: -5 }, { amount: 1.005 }, { amount: 10_001 }, { code: "X" }, {}]) {
      const res = await create("external", { userId: ALICE.id, params });
      expect(res.status, JSON.stringify(params)).toBe(400);
    }
    expect((await create("external", { userId: 999, params: { amount: 1 } })).status).toBe(404);
    expect((await create("cash", { userId: ALICE.id, params: { amount: 1 } })).status).toBe(404);
  });

  it("a second commit changes nothing and answers the same", async () => {
    const created = await create("external", { userId: CAROL.id, params: { amount: 2.5 } });
    const first = await commit("external", created.json.id);
    const before = await credit(CAROL.id);
    const second = await commit("external", created.json.id);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await credit(CAROL.id)).toBe(before);
    // Committed money cannot be rolled back.
    const rollback = await call(server, "rollbackPayment", {
      token: manager,
      params: { provider: "external", paymentId: created.json.id },
    });
    expect(rollback.status).toBe(409);
    expect(rollback.json.error).toBe("payment_closed");
  });

  it("40 commits of one payment in parallel credit it once", async () => {
    const before = await credit(BOB.id);
    const created = await create("external", { userId: BOB.id, params: { amount: 1.25 } });
    const results = await Promise.all(Array.from({ length: 40 }, () => commit("external", created.json.id)));
    expect(results.every((r) => r.status === 200 && r.json.state === "committed")).toBe(true);
    expect(await credit(BOB.id)).toBeCloseTo(before + 1.25, 10);
  });
});

describe("voucher payments", () => {
  it("redeems a code whatever its spaces, dashes and case; then it is used", async () => {
    const code = voucher("TEST-NORM-01", 10);
    const before = await credit(ALICE.id);
    const created = await redeem(" test norm01 ");
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ amount: 10, state: "created", params: { amount: 10 } });
    expect(JSON.stringify(created.json)).not.toContain("NORM");
    expect(await credit(ALICE.id)).toBe(before);
    const committed = await commit("voucher", created.json.id);
    expect(committed.json).toMatchObject({ amount: 10, state: "committed", balance: before + 10 });
    const again = await redeem(code);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("voucher_used");
  });

  it("says a demo voucher is used, expired or unknown", async () => {
    expect((await redeem("VOUCHER-USED")).json.error).toBe("voucher_used");
    expect((await redeem("voucher-old")).json.error).toBe("voucher_expired");
    const wrong = await redeem("VOUCHER-99");
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("invalid_voucher");
  });

  it("a rolled-back or expired payment gives its voucher back and cannot be committed", async () => {
    const code = voucher("TEST-ROLL-01", 5);
    const first = await redeem(code);
    expect((await redeem(code)).json.error).toBe("voucher_used"); // held by the created payment
    const rolled = await call(server, "rollbackPayment", {
      token: manager,
      params: { provider: "voucher", paymentId: first.json.id },
    });
    expect(rolled.json.state).toBe("rolledback");
    const late = await commit("voucher", first.json.id);
    expect(late.status).toBe(409);
    expect(late.json.error).toBe("payment_closed");

    const before = await credit(ALICE.id);
    const second = await redeem(code);
    expect(second.status).toBe(201);
    // It waits past its expiry without a commit.
    server.services.db.prepare("UPDATE payments SET expires_at = expires_at - 3600 WHERE id = ?").run(second.json.id);
    const expired = await commit("voucher", second.json.id);
    expect(expired.status).toBe(409);
    expect(expired.json.error).toBe("payment_closed");
    expect(await credit(ALICE.id)).toBe(before);
    const listed = await call(server, "listPayments", {
      token: manager,
      params: { provider: "voucher" },
      query: { userId: String(ALICE.id) },
    });
    expect(listed.json.payments.find((p: { id: string }) => p.id === second.json.id)).toMatchObject({
      state: "expired",
      expires: null,
    });
    const third = await redeem(code);
    expect(third.status).toBe(201);
    expect((await commit("voucher", third.json.id)).json.balance).toBe(before + 5);
  });

  it("the same code redeemed 40 times in parallel by one user is credited once", async () => {
    const code = voucher("TEST-RACE-01", 20);
    const before = await credit(ALICE.id);
    const created = await Promise.all(Array.from({ length: 40 }, () => redeem(code)));
    const won = created.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(created.filter((r) => r.status === 400).every((r) => r.json.error === "voucher_used")).toBe(true);
    const commits = await Promise.all(Array.from({ length: 40 }, () => commit("voucher", won[0]!.json.id)));
    expect(commits.every((r) => r.status === 200)).toBe(true);
    expect(await credit(ALICE.id)).toBe(before + 20);
  });

  it("the same code redeemed 40 times in parallel by several users is credited once", async () => {
    const code = voucher("TEST-RACE-02", 20);
    const users = [ALICE.id, BOB.id, CAROL.id];
    const before = await Promise.all(users.map(credit));
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => redeem(code, users[i % users.length])));
    const won = created.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    await Promise.all(won.concat(won).map((r) => commit("voucher", r.json.id)));
    const after = await Promise.all(users.map(credit));
    const gained = after.map((amount, i) => Math.round((amount - before[i]!) * 100));
    expect(gained.sort((a, b) => a - b)).toEqual([0, 0, 2000]);
  });

  it("limits wrong codes per user: 40 parallel guesses get 5 refusals and 429s, counted atomically", async () => {
    const right = voucher("TEST-LIMIT-01", 5);
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => redeem(`GUESS-${i}`, BOB.id)));
    const wrong = guesses.filter((r) => r.status === 400);
    const limited = guesses.filter((r) => r.status === 429);
    expect(wrong).toHaveLength(VOUCHER_FAILURES.max);
    expect(wrong.every((r) => r.json.error === "invalid_voucher")).toBe(true);
    expect(limited).toHaveLength(40 - VOUCHER_FAILURES.max);
    for (const r of limited) {
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(VOUCHER_FAILURES.windowSeconds);
    }
    // Even the right code waits; another user is not held up.
    expect((await redeem(right, BOB.id)).status).toBe(429);
    expect((await redeem(right, CAROL.id)).status).toBe(201);
    // Used and expired codes are known codes, not guesses: they do not count.
    for (let i = 0; i < VOUCHER_FAILURES.max + 1; i++) {
      expect((await redeem("VOUCHER-USED", ALICE.id)).json.error).toBe("voucher_used");
    }
    // The window passes.
    server.services.db.prepare("UPDATE voucher_failures SET at = at - ?").run(VOUCHER_FAILURES.windowSeconds);
    expect((await redeem("GUESS-AGAIN", BOB.id)).json.error).toBe("invalid_voucher");
  });
});

describe("listing payments", () => {
  it("lists a user's payments newest first, with MyQ's fields, paged", async () => {
    const ids: string[] = [];
    for (const amount of [1, 2, 3]) {
      const created = await create("external", {
        userId: CAROL.id,
        description: `Top-up ${amount}`,
        params: { amount },
      });
      ids.push(created.json.id);
    }
    await commit("external", ids[1]!);
    const res = await call(server, "listPayments", {
      token: manager,
      params: { provider: "external" },
      query: { userId: String(CAROL.id) },
    });
    expect(res.status).toBe(200);
    const mine = res.json.payments.filter((p: { id: string }) => ids.includes(p.id));
    expect(mine.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(mine[1]).toMatchObject({
      userId: CAROL.id,
      amount: 2,
      currency: "EUR",
      state: "committed",
      expires: null,
      provider: "external",
      description: "Top-up 2",
    });
    expect(mine[0].state).toBe("created");
    expect(typeof mine[0].expires).toBe("string");
    expect(mine[0].paymentNo).toMatch(/^P-\d{6}$/);
    expect(res.json.payments.every((p: { userId: number }) => p.userId === CAROL.id)).toBe(true);
    const page = await call(server, "listPayments", {
      token: manager,
      params: { provider: "external" },
      query: { userId: String(CAROL.id), limit: "1", start: "1" },
    });
    expect(page.json.count).toBe(res.json.count);
    expect(page.json.payments).toEqual([res.json.payments[1]]);
  });

  it("another user's or another application's payment is not there (404, not listed)", async () => {
    const alices = await create("external", { userId: ALICE.id, params: { amount: 1 } });
    const bobs = await call(server, "listPayments", {
      token: manager,
      params: { provider: "external" },
      query: { userId: String(BOB.id) },
    });
    expect(bobs.json.payments.some((p: { id: string }) => p.id === alices.json.id)).toBe(false);
    expect((await commit("external", alices.json.id, {}, otherManager)).status).toBe(404);
    const othersList = await call(server, "listPayments", { token: otherManager, params: { provider: "external" } });
    expect(othersList.json).toEqual({ payments: [], count: 0 });
    // Through the other provider's path it is not found either.
    expect((await commit("voucher", alices.json.id)).status).toBe(404);
    expect((await commit("external", alices.json.id)).status).toBe(200);
  });

  it("a user token may not create, commit or list payments (client tokens only)", async () => {
    const res = await create("external", { userId: ALICE.id, params: { amount: 1 } }, aliceToken);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("invalid_token_type");
  });
});
