import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogues } from "@/lib/i18n/messages";
import { signInPageTexts } from "./sign-in-texts";

const root = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("signInPageTexts", () => {
  it("lists every signIn text the page's client parts name, so none shows its key instead", () => {
    const form = read("components/sign-in/sign-in-form.tsx");
    // Keys only as literals: a key built at run time would escape this check.
    expect(form).not.toMatch(/\bt\(`/);
    const formKeys = [...form.matchAll(/\bt\("([A-Za-z.]+)"/g)].map((match) => match[1]);
    const errorPageKeys = [...read("app/(public)/sign-in/error.tsx").matchAll(/\bt\("signIn\.([A-Za-z.]+)"/g)].map(
      (match) => match[1],
    );
    expect(formKeys).toContain("submit");
    expect(errorPageKeys).toEqual(["pageFailed"]);
    const listed: readonly string[] = signInPageTexts.signIn;
    expect([...new Set([...formKeys, ...errorPageKeys])].filter((key) => !listed.includes(key ?? ""))).toEqual([]);
  });

  it("names texts every catalogue has", () => {
    for (const catalogue of Object.values(catalogues)) {
      for (const key of signInPageTexts.signIn) expect(typeof catalogue.signIn[key]).toBe("string");
    }
  });
});
