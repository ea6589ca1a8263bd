// Money is formatted in the browser, in the reader's locale and the print
// server's currency. Formatters are costly to build, so each pair is kept.

const formatters = new Map<string, Intl.NumberFormat>();

// Money the server already wrote into the page, by locale, currency and
// amount. The browser's first Intl formatting of any kind loads ICU's data,
// a long task on a phone: with these, hydrating server-written figures
// formats nothing, and that cost moves to a later, shorter task of its own.
const serverTexts = new Map<string, string>();

// -0 would read "-€0.00".
const withoutMinusZero = (amount: number) => (amount === 0 ? 0 : amount);

const textKey = (value: number, currency: string, locale: string) => `${locale}|${currency}|${value}`;

function formatterFor(locale: string, currency: string): Intl.NumberFormat | undefined {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      // A currency code Intl refuses (not three letters): fall back below.
      return undefined;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount in currency units (25.5) as the locale writes it ("€25.50" in en). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const value = withoutMinusZero(amount);
  const known = serverTexts.get(textKey(value, currency, locale));
  if (known !== undefined) return known;
  const formatter = formatterFor(locale, currency);
  if (formatter) return formatter.format(value);
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency}`;
}

/** What the server wrote for each amount, keyed for adoptMoneyTexts. */
export type MoneyTexts = Record<string, string>;

/** The server's side: `amounts` as formatMoney writes them, for the page to hand to the browser. */
export function moneyTexts(amounts: readonly number[], currency: string, locale: string): MoneyTexts {
  const texts: MoneyTexts = {};
  for (const amount of amounts)
    texts[textKey(withoutMinusZero(amount), currency, locale)] = formatMoney(amount, currency, locale);
  return texts;
}

/**
 * The browser's side: formatMoney answers these amounts with the server's
 * text (which hydration must match anyway) instead of building a formatter.
 * Ignored on the server, where a process-wide map would grow with every
 * request's amounts.
 */
export function adoptMoneyTexts(texts: MoneyTexts | undefined): void {
  if (typeof window === "undefined" || !texts) return;
  for (const [key, text] of Object.entries(texts)) serverTexts.set(key, text);
}
