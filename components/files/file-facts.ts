import { dateTimeFormat } from "@/lib/browser-safe/date-time-format";

// Sizes and moments as the Files page writes them, in the reader's locale.

/** "1.2 MB", "340 kB", "12 bytes". */
export function formatSize(bytes: number, locale: string): string {
  const units = [
    ["gigabyte", 1024 ** 3],
    ["megabyte", 1024 ** 2],
    ["kilobyte", 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size)
      return new Intl.NumberFormat(locale, {
        style: "unit",
        unit,
        unitDisplay: "short",
        maximumFractionDigits: bytes >= 10 * size ? 0 : 1,
      }).format(bytes / size);
  }
  return new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(bytes);
}

/** A date and time, e.g. "7 Dec 2026, 09:14". */
export function formatMoment(iso: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(Date.parse(iso));
}
