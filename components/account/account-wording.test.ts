import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { catalogues } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/browser-safe/locales";

const nbsp = "\u00a0";

function balanceText(locale: Locale) {
  return createTranslator({ locale, messages: catalogues[locale], namespace: "account.balance" });
}

describe("quota wording", () => {
  it("says pages left of the limit and the period in English", () => {
    const t = balanceText("en");
    expect(t("pagesLeftOfLimit", { left: 473, limit: 500, period: "month" })).toBe("473 of 500 pages left this month");
    expect(t("pagesLeftOfLimit", { left: 0, limit: 1, period: "day" })).toBe("0 of 1 page left today");
    expect(t("pagesLeft", { left: 40, period: "none" })).toBe("40 pages left");
    expect(t("pagesLeftOfLimit", { left: 12500, limit: 20000, period: "year" })).toBe(
      "12,500 of 20,000 pages left this year",
    );
  });

  it("says it in German", () => {
    const t = balanceText("de");
    expect(t("pagesLeftOfLimit", { left: 473, limit: 500, period: "month" })).toBe(
      "Noch 473 von 500 Seiten in diesem Monat",
    );
    expect(t("pagesLeft", { left: 1, period: "week" })).toBe("Noch 1 Seite in dieser Woche");
    expect(t("pagesLeftOfLimit", { left: 12500, limit: 20000, period: "none" })).toBe("Noch 12.500 von 20.000 Seiten");
  });

  it("uses the Czech forms for one, a few and many pages", () => {
    const t = balanceText("cs");
    expect(t("pagesLeftOfLimit", { left: 1, limit: 500, period: "day" })).toBe("Zbývá 1 strana z 500 na dnešek");
    expect(t("pagesLeftOfLimit", { left: 3, limit: 500, period: "month" })).toBe(
      "Zbývají 3 strany z 500 na tento měsíc",
    );
    expect(t("pagesLeftOfLimit", { left: 473, limit: 500, period: "month" })).toBe(
      "Zbývá 473 stran z 500 na tento měsíc",
    );
    expect(t("pagesLeft", { left: 12500, period: "none" })).toBe(`Zbývá 12${nbsp}500 stran`);
  });
});

describe("waiting time", () => {
  it("counts minutes in each language's plural forms", () => {
    const reasons = (locale: Locale) => createTranslator({ locale, messages: catalogues[locale], namespace: "errors" });
    expect(reasons("en")("busy", { minutes: 1 })).toBe("The print server is busy. Try again in 1 minute.");
    expect(reasons("de")("busy", { minutes: 12 })).toBe(
      "Der Druckserver ist ausgelastet. Versuchen Sie es in 12 Minuten erneut.",
    );
    expect(reasons("cs")("busy", { minutes: 2 })).toBe("Tiskový server je přetížený. Zkuste to znovu za 2 minuty.");
    expect(reasons("cs")("busy", { minutes: 5 })).toBe("Tiskový server je přetížený. Zkuste to znovu za 5 minut.");
  });
});
