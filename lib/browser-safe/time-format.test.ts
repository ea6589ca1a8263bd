import { afterEach, describe, expect, it } from "vitest";
import { nearMoment, nextDayStart } from "./time-format";

describe("nearMoment", () => {
  it("says today with the time, and gives the date and time for a day further off", () => {
    const now = Date.parse("2026-11-24T10:00:00Z");
    expect(nearMoment(Date.parse("2026-11-24T22:30:00Z"), now, "en-GB", "UTC")).toEqual({
      day: "today",
      time: "22:30",
      date: "24 Nov 2026, 22:30",
    });
    expect(nearMoment(Date.parse("2026-11-22T23:59:00Z"), now, "en-GB", "UTC")).toEqual({
      day: "other",
      time: "23:59",
      date: "22 Nov 2026, 23:59",
    });
  });

  // Days on the reader's calendar: [what, the moment, now, the reader's zone, day, time].
  it.each([
    ["the day before", "2026-11-23T00:05Z", "2026-11-24T10:00Z", "UTC", "yesterday", "00:05"],
    ["the day after", "2026-11-25T09:14Z", "2026-11-24T10:00Z", "UTC", "tomorrow", "09:14"],
    ["two days on", "2026-11-26T00:00Z", "2026-11-24T10:00Z", "UTC", "other", "00:00"],
    [
      "23:30 UTC, already the next day in Prague",
      "2026-11-24T23:30Z",
      "2026-11-24T10:00Z",
      "Europe/Prague",
      "tomorrow",
      "00:30",
    ],
    [
      "sent before midnight, read after, as the month turns",
      "2026-11-30T23:44Z",
      "2026-12-01T00:40Z",
      "UTC",
      "yesterday",
      "23:44",
    ],
    ["across a year", "2026-12-31T20:00Z", "2027-01-01T08:00Z", "UTC", "yesterday", "20:00"],
    // 25 October 2026 has 25 hours in Prague.
    ["across a clock change", "2026-10-24T22:30Z", "2026-10-26T22:30Z", "Europe/Prague", "yesterday", "00:30"],
    // 01:00 UTC is 14:00 in Auckland (UTC+13 in its summer) and 15:00 at UTC+14:
    // noon UTC of their day is already the next day there.
    ["thirteen hours ahead of UTC", "2026-11-25T00:35Z", "2026-11-24T01:00Z", "Pacific/Auckland", "tomorrow", "13:35"],
    ["fourteen hours ahead, the next day", "2026-11-25T00:35Z", "2026-11-24T01:00Z", "Etc/GMT-14", "tomorrow", "14:35"],
    [
      "fourteen hours ahead, just after midnight",
      "2026-11-24T10:35Z",
      "2026-11-24T01:00Z",
      "Etc/GMT-14",
      "tomorrow",
      "00:35",
    ],
    ["fourteen hours ahead, two days on", "2026-11-25T10:35Z", "2026-11-24T01:00Z", "Etc/GMT-14", "other", "00:35"],
    [
      "fourteen hours ahead, the day before",
      "2026-11-23T09:59Z",
      "2026-11-24T01:00Z",
      "Etc/GMT-14",
      "yesterday",
      "23:59",
    ],
  ])("%s", (_what, at, now, zone, day, time) => {
    expect(nearMoment(Date.parse(at), Date.parse(now), "en-GB", zone)).toMatchObject({ day, time });
  });
});

describe("nextDayStart", () => {
  // Node takes a new TZ at once; the browser's zone is the page's.
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // [what, now, the reader's zone, minutes until the next day].
  it.each([
    ["five minutes before midnight", "2026-12-01T23:55:00+01:00", "Europe/Prague", 5],
    ["at midnight, a whole day", "2026-12-01T00:00:00+01:00", "Europe/Prague", 24 * 60],
    ["midnight UTC, one in the morning in Prague", "2026-12-01T00:00:00Z", "Europe/Prague", 23 * 60],
    // In Prague 29 March 2026 has 23 hours, 25 October 2026 has 25.
    ["a day of 23 hours", "2026-03-29T00:00:00+01:00", "Europe/Prague", 23 * 60],
    ["a day of 25 hours", "2026-10-25T00:00:00+02:00", "Europe/Prague", 25 * 60],
    ["fourteen hours ahead of UTC", "2026-12-01T09:00:00Z", "Etc/GMT-14", 60],
  ])("%s", (_what, now, timeZone, minutes) => {
    process.env.TZ = timeZone;
    expect(nextDayStart(Date.parse(now)) - Date.parse(now)).toBe(minutes * 60_000);
  });
});
