// Money is formatted in the browser, in the reader's locale and the print
// server's currency. Formatters are costly to build, so each pair is kept.

const formatters = new Map<string, Intl.NumberFormat>();

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
  // -0 would read "-€0.00".
  const value = amount === 0 ? 0 : amount;
  const formatter = formatterFor(locale, currency);
  if (formatter) return formatter.format(value);
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency}`;
}
