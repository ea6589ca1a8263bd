import { afterEach, describe, expect, it, vi } from "vitest";
import { adoptMoneyTexts, formatMoney, moneyTexts } from "./money-format";

// Intl separates number and symbol with no-break spaces; spell them out so a
// plain space in the expectation can never pass by accident.
const nbsp = "\u00a0";

describe("formatMoney", () => {
  it.each([
    ["en", "EUR", 25.5, "€25.50"],
    ["de", "EUR", 25.5, `25,50${nbsp}€`],
    ["cs", "EUR", 25.5, `25,50${nbsp}€`],
    ["en", "USD", 1234.5, "$1,234.50"],
    ["cs", "CZK", 1234.5, `1${nbsp}234,50${nbsp}Kč`],
    ["en", "CZK", 3, `CZK${nbsp}3.00`],
    ["en-GB", "GBP", 7.25, "£7.25"],
    ["en", "JPY", 1200, "¥1,200"],
  ])("writes %s %s %d as %s", (locale, currency, amount, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });

  it.each([
    ["en", "EUR", "-€3.20"],
    ["de", "EUR", `-3,20${nbsp}€`],
    ["cs", "CZK", `-3,20${nbsp}Kč`],
  ])("keeps the minus sign of a negative balance in %s %s", (locale, currency, expected) => {
    expect(formatMoney(-3.2, currency, locale)).toBe(expected);
  });

  it.each([
    ["en", "€0.00"],
    ["de", `0,00${nbsp}€`],
    ["cs", `0,00${nbsp}€`],
  ])("writes zero in %s, also a negative zero, without a sign", (locale, expected) => {
    expect(formatMoney(0, "EUR", locale)).toBe(expected);
    expect(formatMoney(-0, "EUR", locale)).toBe(expected);
  });

  it("rounds to the currency's minor unit", () => {
    expect(formatMoney(28.700000000000003, "EUR", "en")).toBe("€28.70");
  });

  it("still shows the amount with the code when Intl refuses the currency", () => {
    expect(formatMoney(25.5, "EURO", "en")).toBe("25.50 EURO");
  });
});

describe("money the server wrote, adopted by the browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("writes each amount as formatMoney does, a negative zero as zero", () => {
    expect(moneyTexts([25.5, -3.2, -0], "EUR", "de")).toEqual({
      "de|EUR|25.5": `25,50${nbsp}€`,
      "de|EUR|-3.2": `-3,20${nbsp}€`,
      "de|EUR|0": `0,00${nbsp}€`,
    });
  });

  it("answers the adopted amounts in the browser without building a formatter, and formats the rest", async () => {
    vi.stubGlobal("window", {});
    const browser = await import("./money-format");
    browser.adoptMoneyTexts({ "en|EUR|25.5": "€25.50 (server)", "en|EUR|0": "€0.00 (server)" });
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    expect(browser.formatMoney(25.5, "EUR", "en")).toBe("€25.50 (server)");
    expect(browser.formatMoney(-0, "EUR", "en")).toBe("€0.00 (server)");
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
    // Another amount, locale or currency is the browser's own.
    expect(browser.formatMoney(25.5, "EUR", "en-GB")).toBe("€25.50");
    expect(browser.formatMoney(25.5, "USD", "en")).toBe("$25.50");
    expect(browser.formatMoney(3, "EUR", "en")).toBe("€3.00");
  });

  it("ignores them on the server, where one map would keep every request's amounts", () => {
    adoptMoneyTexts({ "en|EUR|25.5": "€25.50 (server)" });
    expect(formatMoney(25.5, "EUR", "en")).toBe("€25.50");
  });
});
