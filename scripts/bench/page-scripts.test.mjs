import { describe, expect, it } from "vitest";
import { beyondFloor, floorIndex, packagesOf, scriptModules } from "./page-scripts.mjs";

// Scripts shaped as Turbopack writes its browser chunks.
const chunk = (...entries) =>
  `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,${entries.join(",")}]);`;

describe("scriptModules", () => {
  it("reads each module's ids and source from a chunk without running any module", () => {
    const modules = scriptModules(chunk("11", `e=>{throw new Error("ran")}`, "12", "13", `(e,t)=>{t.x=1}`));
    expect(modules).toEqual([
      { ids: [11], source: `e=>{throw new Error("ran")}` },
      { ids: [12, 13], source: `(e,t)=>{t.x=1}` },
    ]);
  });

  it("takes a script that is not a module chunk as one module", () => {
    const runtime = "self.TURBOPACK_RUNTIME = true;";
    expect(scriptModules(runtime)).toEqual([{ ids: [], source: runtime }]);
  });
});

describe("beyondFloor", () => {
  const floor = floorIndex([
    { path: "/f1.js", text: chunk("1", "e=>{/*react-dom*/}") },
    { path: "/rt.js", text: "self.x=1" },
  ]);

  it("leaves out the floor's modules (by id, or by text when a script is not a chunk) and names what is left", () => {
    const result = beyondFloor(
      [
        {
          path: "/a.js",
          text: chunk("1", "e=>{/*react-dom, built into another chunk*/}", "2", 'e=>{e.x="data-radix-menu"}'),
        },
        { path: "/rt.js", text: "self.x=1" },
        { path: "/b.js", text: chunk("3", "e=>{e.greeting=1}") },
      ],
      floor,
    );
    expect(result.scripts.map((s) => [s.path, s.packages])).toEqual([
      ["/a.js", ["radix-ui"]],
      ["/b.js", ["app code"]],
    ]);
    expect(result.gzipBytes).toBeGreaterThan(0);
  });

  it("finds nothing beyond the floor in the floor's own scripts", () => {
    expect(beyondFloor([{ path: "/f1.js", text: chunk("1", "e=>{/*react-dom*/}") }], floor)).toEqual({
      gzipBytes: 0,
      scripts: [],
    });
  });
});

describe("packagesOf", () => {
  it("names packages by the strings minification keeps", () => {
    expect(packagesOf('throw new ZodError("x"); var a = "MISSING_MESSAGE"')).toEqual([
      "next-intl (intl-messageformat)",
      "zod",
    ]);
  });
});
