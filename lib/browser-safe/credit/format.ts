import { dateTimeFormat } from "@/lib/browser-safe/date-time-format";
import { formatMoney } from "@/lib/browser-safe/money-format";

/** A signed amount: "+€10.00", "−€1.68". */
export function formatSignedMoney(amount: number, currency: string, locale: string): string {
  const text = formatMoney(Math.abs(amount), currency, locale);
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `−${text}`;
  return text;
}

/** "20 Nov 2026, 09:14" in the reader's locale and time zone. */
export function formatDateTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function formatDate(iso: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
}
