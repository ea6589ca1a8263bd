import { describe, expect, it } from "vitest";
import { moneyResponse } from "@/app/api/account/money/schema";
import { toMoneyOverview, type AccountWithBalance } from "./money-overview";

const credit = { name: "Personal credit", kind: "credit", limits: {}, balance: 25.5 } satisfies AccountWithBalance;
const quota = {
  name: "Monthly quota",
  kind: "quota",
  limits: { total: 500, period: "month" },
  balance: 473,
} satisfies AccountWithBalance;

describe("toMoneyOverview", () => {
  it("maps alice's credit and quota to what the page shows", () => {
    const overview = toMoneyOverview({
      currency: "EUR",
      creditEnabled: true,
      quotaEnabled: true,
      accounts: [credit, quota],
    });
    expect(overview).toEqual({
      currency: "EUR",
      credit: { availableToPrint: 25.5, accounts: [{ name: "Personal credit", balance: 25.5, minimumBalance: null }] },
      quota: { accounts: [{ name: "Monthly quota", pagesLeft: 473, pagesLimit: 500, period: "month" }] },
    });
    expect(moneyResponse.parse(overview)).toEqual(overview);
  });

  it("passes no upstream field such as the account reference to the browser", () => {
    const withExtras = {
      ...credit,
      reference: "credit-secret-ref",
      rechargeProviders: [{ name: "Card" }],
    } as AccountWithBalance;
    const overview = toMoneyOverview({
      currency: "EUR",
      creditEnabled: true,
      quotaEnabled: false,
      accounts: [withExtras],
    });
    expect(JSON.stringify(overview)).not.toContain("credit-secret-ref");
    expect(JSON.stringify(overview)).not.toContain("rechargeProviders");
  });

  it("drops the panel of a kind the server has switched off", () => {
    const overview = toMoneyOverview({
      currency: "EUR",
      creditEnabled: false,
      quotaEnabled: true,
      accounts: [credit, quota],
    });
    expect(overview.credit).toBeNull();
    expect(overview.quota?.accounts).toHaveLength(1);
    expect(
      toMoneyOverview({ currency: "EUR", creditEnabled: true, quotaEnabled: false, accounts: [credit, quota] }).quota,
    ).toBeNull();
  });

  it("keeps a zero and a negative balance as they are, and nothing to spend", () => {
    const overview = toMoneyOverview({
      currency: "CZK",
      creditEnabled: true,
      quotaEnabled: true,
      accounts: [
        { ...credit, balance: 0 },
        { ...credit, name: "Project credit", balance: -12.4 },
      ],
    });
    expect(overview.credit).toEqual({
      availableToPrint: 0,
      accounts: [
        { name: "Personal credit", balance: 0, minimumBalance: null },
        { name: "Project credit", balance: -12.4, minimumBalance: null },
      ],
    });
    expect(overview.quota).toEqual({ accounts: [] });
  });

  it("counts an overdraft in what is available and names the minimum", () => {
    const overview = toMoneyOverview({
      currency: "EUR",
      creditEnabled: true,
      quotaEnabled: false,
      accounts: [{ ...credit, balance: 1.5, limits: { minimumBalance: -10 } }],
    });
    expect(overview.credit).toEqual({
      availableToPrint: 11.5,
      accounts: [{ name: "Personal credit", balance: 1.5, minimumBalance: -10 }],
    });
  });

  it("keeps a quota whose pages left the server does not say, with its limit", () => {
    const overview = toMoneyOverview({
      currency: "EUR",
      creditEnabled: false,
      quotaEnabled: true,
      accounts: [{ ...quota, balance: null, limits: { total: 500 } }],
    });
    expect(overview.quota?.accounts[0]).toEqual({
      name: "Monthly quota",
      pagesLeft: null,
      pagesLimit: 500,
      period: null,
    });
    expect(moneyResponse.parse(overview)).toEqual(overview);
  });

  it("keeps quota pages within the limit", () => {
    const overview = toMoneyOverview({
      currency: "EUR",
      creditEnabled: false,
      quotaEnabled: true,
      accounts: [{ ...quota, balance: 620 }],
    });
    expect(overview.quota?.accounts[0]).toMatchObject({ pagesLeft: 500, pagesLimit: 500 });
  });
});

describe("moneyResponse", () => {
  it("refuses a currency that is not an ISO 4217 code", () => {
    expect(moneyResponse.safeParse({ currency: "euro", credit: null, quota: null }).success).toBe(false);
  });
});
