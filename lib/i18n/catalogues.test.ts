import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { locales } from "@/lib/browser-safe/locales";
import { catalogues } from "./messages";

// English is the reference: every other catalogue must have exactly its keys,
// each message with the same placeholders, and plural forms its language has.

type Tree = { [key: string]: string | Tree };

/** Every message as "a.b.c" -> text. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

type Kind = "text" | "number" | "date" | "tag" | `select(${string})`;

/** What each placeholder is: plural and number both take a number. */
function placeholders(elements: MessageFormatElement[], found = new Map<string, Kind>()): Map<string, Kind> {
  for (const element of elements) {
    if (isArgumentElement(element)) found.set(element.value, "text");
    else if (isNumberElement(element) || isPluralElement(element)) found.set(element.value, "number");
    else if (isDateElement(element) || isTimeElement(element)) found.set(element.value, "date");
    else if (isSelectElement(element))
      found.set(element.value, `select(${Object.keys(element.options).sort().join(",")})`);
    else if (isTagElement(element)) found.set(element.value, "tag");
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (isTagElement(element)) placeholders(element.children, found);
  }
  return found;
}

function pluralForms(elements: MessageFormatElement[], found: string[] = []): string[] {
  for (const element of elements) {
    if (isPluralElement(element)) found.push(...Object.keys(element.options));
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) pluralForms(option.value, found);
    }
  }
  return found;
}

/** Values for a message's placeholders: `count` for numbers, a select's option number `variant` (of those it has). */
function sampleValues(
  kinds: Map<string, Kind>,
  count: number,
  variant: number,
): Record<string, string | number | Date> {
  return Object.fromEntries(
    [...kinds].map(([name, kind]) => [
      name,
      kind === "number"
        ? count
        : kind === "date"
          ? new Date(0)
          : kind.startsWith("select(")
            ? selectOptions(kind)[variant % selectOptions(kind).length]!
            : `«${name}»`,
    ]),
  );
}

function selectOptions(kind: Kind): string[] {
  return kind.startsWith("select(") ? kind.slice(7, -1).split(",") : [];
}

const english = flatten(catalogues.en as Tree);

describe("the English catalogue", () => {
  it("has messages", () => {
    expect(english.size).toBeGreaterThan(50);
  });

  // An error tells people what to do next, not only what went wrong. The
  // password rules are left out: each names what the password needs.
  it("says what to do next in every error sentence and route answer", () => {
    const nextStep = /\b(try|check|reload|choose|ask|wait|add|sign in|type|go back|run|open|enter|select|delete)\b/i;
    const silent = [...english]
      .filter(([key]) => /^errors\.|\.answers\.(?!rule\.)|Detail$/.test(key))
      .filter(([, text]) => !nextStep.test(text))
      .map(([key]) => key);
    expect(silent).toEqual([]);
  });
});

describe.each(locales)("the %s catalogue", (locale) => {
  const catalogue = flatten(catalogues[locale] as Tree);

  it("has every key English has, and no other", () => {
    const missing = [...english.keys()].filter((key) => !catalogue.has(key));
    const extra = [...catalogue.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("has no empty message", () => {
    expect([...catalogue].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });

  it("uses the placeholders of the English message in every message", () => {
    const mismatches = [...english]
      .filter(([key]) => catalogue.has(key))
      .map(([key, text]) => ({
        key,
        english: Object.fromEntries(placeholders(parse(text))),
        here: Object.fromEntries(placeholders(parse(catalogue.get(key)!))),
      }))
      .filter(
        ({ english: a, here: b }) =>
          JSON.stringify(Object.entries(a).sort()) !== JSON.stringify(Object.entries(b).sort()),
      );
    expect(mismatches).toEqual([]);
  });

  it("uses only plural forms its language has, always with `other`", () => {
    const known = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
    for (const [key, text] of catalogue) {
      const forms = pluralForms(parse(text));
      const exact = forms.filter((form) => form.startsWith("="));
      expect({ key, unknown: forms.filter((form) => !exact.includes(form) && !known.includes(form)) }).toEqual({
        key,
        unknown: [],
      });
      if (forms.length > 0) expect({ key, forms }).toEqual({ key, forms: expect.arrayContaining(["other"]) });
    }
  });

  it("formats every message without an error", () => {
    const errors: string[] = [];
    const t = createTranslator({
      locale,
      messages: catalogues[locale],
      onError: (error) => errors.push(error.message),
    });
    for (const [key, text] of english) {
      const kinds = placeholders(parse(text));
      // Every option of every select ("yesterday", "today", …), each with every count.
      const variants = Math.max(1, ...[...kinds.values()].map((kind) => selectOptions(kind).length));
      for (let variant = 0; variant < variants; variant++) {
        for (const count of [0, 1, 2, 5, 21]) {
          // The keys are checked above; here any key of the flat list is asked for.
          const output = (t as unknown as (key: string, values: object) => string)(
            key,
            sampleValues(kinds, count, variant),
          );
          expect(output).not.toContain("{");
        }
      }
    }
    expect(errors).toEqual([]);
  });
});
