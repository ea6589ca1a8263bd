import { describe, expect, it } from "vitest";
import { scanFileName } from "./easy-scan.js";

describe("scanFileName", () => {
  it("sorts by time and keeps no character an adapter refuses in a name", () => {
    const at = new Date("2026-12-07T04:41:02.123Z");
    expect(scanFileName("Reception", at)).toBe("Scan 2026-12-07 04-41-02 Reception.pdf");
    expect(scanFileName("Floor 2/East\\..\u0000", at)).toBe("Scan 2026-12-07 04-41-02 Floor 2 East ...pdf");
    expect(scanFileName("///", at)).toBe("Scan 2026-12-07 04-41-02.pdf");
  });
});
