import { describe, expect, it } from "vitest";
import { dateTimeFormat, dayKey } from "./date-time-format";

describe("dateTimeFormat", () => {
  it("builds one formatter per locale and options, and formats as Intl does", () => {
    const options = { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" } as const;
    const first = dateTimeFormat("de", options);
    expect(dateTimeFormat("de", { ...options })).toBe(first);
    expect(dateTimeFormat("cs", options)).not.toBe(first);
    expect(dateTimeFormat("de", { ...options, timeStyle: "medium" })).not.toBe(first);
    const at = Date.UTC(2026, 10, 20, 9, 14);
    expect(first.format(at)).toBe(new Intl.DateTimeFormat("de", options).format(at));
  });

  it("names a moment's calendar day in a time zone, so two moments compare by day", () => {
    const lateEvening = Date.UTC(2026, 10, 20, 23, 30);
    expect(dayKey(lateEvening, "UTC")).toBe("2026-11-20");
    expect(dayKey(lateEvening, "Europe/Prague")).toBe("2026-11-21");
    expect(dayKey(lateEvening, "America/New_York")).toBe("2026-11-20");
  });
});
