import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { lucideNode, portalIcons } from "@/scripts/icon-nodes.mjs";
import { iconNodes } from "./icon-nodes";

describe("icon-nodes.ts", () => {
  it("draws each icon as the installed lucide-react does (else run node scripts/icon-nodes.mjs)", async () => {
    expect(Object.keys(iconNodes).sort()).toEqual(Object.keys(portalIcons).sort());
    for (const [name, fileName] of Object.entries(portalIcons as Record<string, string>))
      expect(iconNodes[name as keyof typeof iconNodes], name).toEqual(await lucideNode(fileName));
  });
});
