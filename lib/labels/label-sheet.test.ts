import { describe, expect, it } from "vitest";
import QRCode from "qrcode";
import { labelSheet, qrSvg, releaseLink } from "./label-sheet";

const texts = { title: "Printer labels", hint: "Scan to print your jobs here" };

describe("labelSheet", () => {
  it("has one label per printer: name, location and a QR code of its release link", async () => {
    const html = await labelSheet(
      [
        { id: 1, name: "Reception", location: "Ground floor" },
        { id: 2, name: "Finance <MFP>", location: null },
      ],
      "https://portal.example.com/",
      texts,
    );
    expect(html.match(/<section class="label"/g)).toHaveLength(2);
    expect(html).toContain('data-link="https://portal.example.com/jobs?printer=1"');
    expect(html).toContain("<h2>Reception</h2>");
    expect(html).toContain("Ground floor");
    // Names are text, never markup.
    expect(html).toContain("Finance &lt;MFP&gt;");
    expect(html).not.toContain("<MFP>");
    expect(html).toContain(await qrSvg("https://portal.example.com/jobs?printer=2"));
  });

  it("encodes exactly the link: the code's modules are those of the link", async () => {
    const link = releaseLink("https://portal.example.com", 7);
    expect(link).toBe("https://portal.example.com/jobs?printer=7");
    const code = QRCode.create(link, { errorCorrectionLevel: "M" });
    const svg = await qrSvg(link);
    expect(svg).toContain(`viewBox="0 0 ${code.modules.size + 4} ${code.modules.size + 4}"`);
  });
});
