import { describe, expect, it } from "vitest";
import { pdfBytes, pngBytes } from "@/e2e/files-samples";
import { sniffType } from "./file-type";

describe("sniffType", () => {
  it("reads PDF, JPEG and PNG from their first bytes", () => {
    expect(sniffType(pdfBytes(1))).toBe("application/pdf");
    expect(sniffType(pngBytes())).toBe("image/png");
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("image/jpeg");
  });

  it("refuses anything else whatever its name says, and a file too short to tell", () => {
    expect(sniffType(Buffer.from("<html><script>alert(1)</script>"))).toBeUndefined();
    expect(sniffType(Buffer.from("PK\u0003\u0004"))).toBeUndefined();
    expect(sniffType(Buffer.from("%PD"))).toBeUndefined();
    expect(sniffType(Buffer.alloc(0))).toBeUndefined();
  });
});
