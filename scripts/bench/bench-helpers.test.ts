import { describe, expect, it } from "vitest";
import { checkBudgets } from "./budgets.mjs";
import { signInFormFields } from "./portal-session.mjs";
import { median, percentile } from "./stats.mjs";

describe("stats", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it("answers nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });
});

describe("signInFormFields", () => {
  const html = `<form action="" encType="multipart/form-data" method="POST">
    <input type="hidden" name="$ACTION_REF_1"/>
    <input type="hidden" name="$ACTION_1:0" value="{&quot;id&quot;:&quot;abc&quot;,&quot;bound&quot;:&quot;$@1&quot;}"/>
    <input type="hidden" name="method" value="pin"/>
    <input type="password" name="pin" value=""/>
  </form>`;

  it("collects the hidden fields of the PIN form, entities decoded", () => {
    expect(signInFormFields(html)).toEqual([
      ["$ACTION_REF_1", ""],
      ["$ACTION_1:0", '{"id":"abc","bound":"$@1"}'],
      ["method", "pin"],
    ]);
  });

  it("refuses a page without that form", () => {
    expect(() => signInFormFields(html, "password")).toThrow(/no password form/);
  });
});

describe("checkBudgets", () => {
  it("passes, misses, and counts a missing figure as a miss", () => {
    const checks = checkBudgets({
      download: { ratio: 0.95, portalRssGrowthMaxMb: 80 },
      pages: { "sign-in": { gzipKb: 150 } },
    });
    const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
    expect(byId["download-throughput"]?.pass).toBe(true);
    expect(byId["download-memory"]?.pass).toBe(false);
    expect(byId["first-load-js-sign-in"]?.pass).toBe(true);
    expect(byId["api-overhead"]).toMatchObject({ pass: false, value: null, shown: "not measured" });
  });
});
