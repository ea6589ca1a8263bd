import { describe, expect, it } from "vitest";
import { voucherRequest } from "@/app/api/credit/vouchers/schema";
import { normalizeVoucherCode } from "./voucher-code";

describe("voucher codes", () => {
  it.each([
    ["VOUCHER-10", "VOUCHER10"],
    ["voucher 10", "VOUCHER10"],
    ["  Voucher‑10\n", "VOUCHER10"],
    ["VOUCHER\u00a0–\u00a010", "VOUCHER10"],
    ["v-o-u-c-h-e-r—1−0", "VOUCHER10"],
    ["ABC_12.3", "ABC_12.3"],
  ])("reads %j as %j", (typed, code) => {
    expect(normalizeVoucherCode(typed)).toBe(code);
  });

  it("keeps other characters, so two different codes never become one", () => {
    expect(normalizeVoucherCode("AB.C")).not.toBe(normalizeVoucherCode("ABC"));
  });

  it("sends the normalised code and refuses one that is only spaces and dashes", () => {
    expect(voucherRequest.parse({ code: " voucher-05 ", requestId: "press-0001" }).code).toBe("VOUCHER05");
    const refused = voucherRequest.safeParse({ code: " - - ", requestId: "press-0001" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("credit.voucher.field.enterCode");
  });
});
