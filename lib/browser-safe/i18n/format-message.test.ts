import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { catalogues } from "@/lib/i18n/messages";
import { locales } from "@/lib/browser-safe/locales";
import { formatMessage, type MessageValues } from "./format-message";

// Every message of every catalogue, formatted by the browser's small formatter
// and by next-intl's (intl-messageformat), must read the same, for numbers that
// pick every plural form of en, de and cs and for every option of every select.

const counts = [0, 1, 2, 3, 4, 5, 11, 21, 1.5, 12500];

/** Each message: its key path and text. */
function messagesOf(tree: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof tree === "string") return [[path.join("."), tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => messagesOf(value, [...path, key]));
}

/** The value sets to try: plural and number args get each count, select args each of their options. */
function valueSets(message: string): MessageValues[] {
  const plural = new Set<string>();
  const selects = new Map<string, Set<string>>();
  const plain = new Set<string>();
  for (const match of message.matchAll(/\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) {
    const [, name, kind] = match as unknown as [string, string, string | undefined];
    if (kind === "plural" || kind === "number") plural.add(name);
    else if (kind === "select") selects.set(name, new Set(["something-else"]));
    else plain.add(name);
  }
  for (const [name, options] of selects)
    for (const option of message.matchAll(new RegExp(`\\{\\s*${name}\\s*,\\s*select\\s*,([^]*)`, "g")))
      for (const key of option[1]!.matchAll(/(?:^|\})\s*(\w+)\s*\{/g)) options.add(key[1]!);
  const sets: MessageValues[] = [];
  for (const count of counts) {
    const base: MessageValues = {};
    for (const name of plain) base[name] = plural.has(name) ? count : `«${name}»`;
    for (const name of plural) base[name] = count;
    const selectEntries = [...selects.entries()];
    if (selectEntries.length === 0) sets.push(base);
    for (const [name, options] of selectEntries)
      for (const option of options)
        sets.push({
          ...base,
          ...Object.fromEntries(selectEntries.map(([other, o]) => [other, [...o][0]!])),
          [name]: option,
        });
  }
  return sets;
}

describe("formatMessage", () => {
  for (const locale of locales) {
    it(`reads every ${locale} message as next-intl does`, () => {
      const t = createTranslator({ locale, messages: catalogues[locale] }) as unknown as (
        key: string,
        values?: MessageValues,
      ) => string;
      let compared = 0;
      for (const [key, message] of messagesOf(catalogues[locale])) {
        for (const values of valueSets(message)) {
          expect(formatMessage(message, values, locale), `${locale} ${key} ${JSON.stringify(values)}`).toBe(
            t(key, values),
          );
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(400);
    });
  }

  it("reads apostrophes as ICU does", () => {
    expect(formatMessage("organisation's page", {}, "en")).toBe("organisation's page");
    expect(formatMessage("a '{literal}' and ''", {}, "en")).toBe("a {literal} and '");
    expect(formatMessage("{n, plural, other {'#' is #}}", { n: 3 }, "en")).toBe("# is 3");
  });

  it("refuses a message it cannot read and a missing value", () => {
    expect(() => formatMessage("{when, date, short}", { when: 1 }, "en")).toThrow(SyntaxError);
    expect(() => formatMessage("Hello {name}", {}, "en")).toThrow("{name}");
  });
});
