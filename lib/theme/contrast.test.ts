import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "./contrast";

// Every pair of tokens the components put together, in both themes, read
// from app/globals.css itself: a token changed there is checked here.

const css = readFileSync(join(process.cwd(), "app/globals.css"), "utf8");

/** The declarations of the first rule with exactly this selector. */
function block(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule for ${selector} in app/globals.css`);
  const body = css.slice(start + selector.length + 2, css.indexOf("}", start));
  const withoutComments = body.replace(/\/\*[\s\S]*?\*\//g, "");
  return new Map(
    [...withoutComments.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map(
      ([, name = "", value = ""]) => [name, value.trim()] as const,
    ),
  );
}

const tokens = block(":root");

/** A token's colour in one theme: light-dark(light, dark) or one colour for both. */
function colour(name: string, theme: "light" | "dark"): string {
  const value = tokens.get(`--${name}`);
  if (!value) throw new Error(`--${name} is missing in app/globals.css`);
  const both = /^light-dark\(\s*([^,]+?)\s*,\s*([^)]+?)\s*\)$/.exec(value);
  return both ? ((theme === "light" ? both[1] : both[2]) ?? "") : value;
}

const text = 4.5;
const nonText = 3; // WCAG 1.4.11: focus indicators and the edges that show where a control is.

const pairs: Array<{ fg: string; bg: string; min: number; where: string }> = [
  ...["bg", "surface", "surface-muted"].flatMap((bg) => [
    { fg: "fg", bg, min: text, where: "body text, highlighted menu items" },
    { fg: "fg-muted", bg, min: text, where: "secondary text, labels, inactive tabs" },
  ]),
  { fg: "accent", bg: "surface", min: text, where: "product name on the sign-in card, current bottom tab" },
  { fg: "accent", bg: "bg", min: text, where: "accent text outside cards" },
  { fg: "on-accent", bg: "accent", min: text, where: "primary buttons" },
  { fg: "on-accent", bg: "accent-hover", min: text, where: "primary buttons under the pointer" },
  { fg: "danger-text", bg: "danger-bg", min: text, where: "error alerts, failed report badge" },
  { fg: "danger-text", bg: "surface", min: text, where: "field errors, negative balances, invalid field border" },
  { fg: "info-text", bg: "info-bg", min: text, where: "notices, running and ready badges" },
  ...["bg", "surface", "surface-muted"].map((bg) => ({ fg: "focus", bg, min: nonText, where: "focus ring" })),
  { fg: "field-border", bg: "surface", min: nonText, where: "text fields and selects" },
  { fg: "field-border", bg: "bg", min: nonText, where: "text fields and selects outside cards" },
  { fg: "accent", bg: "surface-muted", min: nonText, where: "quota meter fill on its track" },
];

describe("the design tokens in app/globals.css", () => {
  it("give every colour a light and a dark value", () => {
    const colours = [...tokens.entries()].filter(([name]) => name.startsWith("--") && name !== "--radius");
    expect(colours.filter(([, value]) => !value.startsWith("light-dark(")).map(([name]) => name)).toEqual([]);
  });

  it("follow the system unless a theme is chosen, for form controls and scrollbars too", () => {
    expect(tokens.get("color-scheme")).toBe("light dark");
    expect(block(':root[data-theme="light"]').get("color-scheme")).toBe("light");
    expect(block(':root[data-theme="dark"]').get("color-scheme")).toBe("dark");
  });

  for (const theme of ["light", "dark"] as const) {
    describe(`in the ${theme} theme`, () => {
      it.each(pairs)("$fg on $bg reaches $min:1 ($where)", ({ fg, bg, min }) => {
        expect(contrastRatio(colour(fg, theme), colour(bg, theme))).toBeGreaterThanOrEqual(min);
      });
    });
  }
});

describe("contrastRatio", () => {
  it("matches the WCAG reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBe(1);
    // #767676 on white is the well-known lightest grey that passes 4.5:1.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });

  it("refuses what is not a hex colour", () => {
    expect(() => contrastRatio("blue", "#fff")).toThrow(/not a hex colour/);
  });
});
