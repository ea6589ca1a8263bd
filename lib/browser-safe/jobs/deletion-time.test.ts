import { describe, expect, it } from "vitest";
import { deletionDay, totalCost } from "./deletion-time";

const now = Date.parse("2026-11-24T10:00:00Z");

describe("deletionDay", () => {
  it("says today, tomorrow or the date, in the reader's time zone", () => {
    expect(deletionDay("2026-11-24T22:30:00Z", now, "en-GB", "UTC")).toEqual({ day: "today", time: "22:30" });
    expect(deletionDay("2026-11-25T09:14:00Z", now, "en-GB", "UTC")).toEqual({ day: "tomorrow", time: "09:14" });
    // 23:30 UTC on the 24th is already the 25th in Prague.
    expect(deletionDay("2026-11-24T23:30:00Z", now, "en-GB", "Europe/Prague")).toEqual({
      day: "tomorrow",
      time: "00:30",
    });
    expect(deletionDay("2026-11-28T09:14:00Z", now, "en-GB", "UTC")).toMatchObject({ day: "later" });
  });

  it("says tomorrow twelve hours or more ahead of UTC too", () => {
    // 01:00 UTC is 14:00 in Auckland (UTC+13 in its summer) and 15:00 at UTC+14;
    // noon UTC of their day is already the next day there.
    const earlyUtc = Date.parse("2026-11-24T01:00:00Z");
    expect(deletionDay("2026-11-25T00:35:00Z", earlyUtc, "en-GB", "Pacific/Auckland")).toEqual({
      day: "tomorrow",
      time: "13:35",
    });
    expect(deletionDay("2026-11-25T00:35:00Z", earlyUtc, "en-GB", "Etc/GMT-14")).toEqual({
      day: "tomorrow",
      time: "14:35",
    });
    expect(deletionDay("2026-11-24T10:35:00Z", earlyUtc, "en-GB", "Etc/GMT-14")).toEqual({
      day: "tomorrow",
      time: "00:35",
    });
    expect(deletionDay("2026-11-25T10:35:00Z", earlyUtc, "en-GB", "Etc/GMT-14")).toMatchObject({ day: "later" });
  });

  it("leaves out a time it cannot read", () => {
    expect(deletionDay("soon", now, "en-GB", "UTC")).toBeNull();
  });
});

describe("totalCost", () => {
  it("adds costs without binary noise and counts an unknown cost as nothing", () => {
    expect(totalCost([0.1, 0.2])).toBe(0.3);
    expect(totalCost([1.68, 0.05, null])).toBe(1.73);
  });
});
