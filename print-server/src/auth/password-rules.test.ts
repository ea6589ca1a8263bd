import { describe, expect, it } from "vitest";
import { brokenPasswordRule } from "./password-rules.js";

const rules = { minLength: 8, maxLength: 12, requireLetter: true, requireDigit: true };

describe("password rules", () => {
  it("names the first rule a new password breaks", () => {
    expect(brokenPasswordRule("ab1", rules, "alice")?.rule).toBe("minLength");
    expect(brokenPasswordRule("abcdefgh12345", rules, "alice")?.rule).toBe("maxLength");
    expect(brokenPasswordRule("12345678", rules, "alice")?.rule).toBe("requireLetter");
    expect(brokenPasswordRule("abcdefgh", rules, "alice")?.rule).toBe("requireDigit");
    expect(brokenPasswordRule("Alice2026", rules, "alice2026")?.rule).toBe("notUsername");
    expect(brokenPasswordRule("looking4", rules, "alice")).toBeNull();
  });

  it("counts characters, not bytes, and takes letters of any alphabet", () => {
    expect(brokenPasswordRule("žluťoučký1", rules, "alice")).toBeNull();
    expect(brokenPasswordRule("日本語のパス1", { ...rules, minLength: 7 }, "alice")).toBeNull();
    expect(brokenPasswordRule("🙂🙂🙂🙂🙂🙂a1", rules, "alice")).toBeNull();
  });

  it("checks only what the settings ask", () => {
    const loose = { minLength: 4, maxLength: 1000, requireLetter: false, requireDigit: false };
    expect(brokenPasswordRule("1234", loose, "alice")).toBeNull();
    expect(brokenPasswordRule("abcd", loose, "alice")).toBeNull();
  });
});
