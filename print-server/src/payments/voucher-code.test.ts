import { describe, expect, it } from "vitest";
import { normalizeVoucherCode } from "./voucher-code.js";

describe("normalizeVoucherCode", () => {
  it("ignores spaces, dashes (also typographic ones) and case", () => {
    for (const typed of [
      "VOUCHER-05",
      "voucher-05",
      " Voucher 05 ",
      "VOUCHER05",
      "vou-cher–05",
      "VOUCHER\t-\u00a005",
    ]) {
      expect(normalizeVoucherCode(typed), typed).toBe("VOUCHER05");
    }
  });

  it("keeps every other character, so different codes stay different", () => {
    expect(normalizeVoucherCode("VOUCHER_05")).toBe("VOUCHER_05");
    expect(normalizeVoucherCode("VOUCHER-50")).not.toBe(normalizeVoucherCode("VOUCHER-05"));
  });
});
