import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Which side of the network a module lives on is told by its folder
// (docs/architecture.md): lib/browser-safe/ and hooks/ may reach the browser;
// every other module of lib/ is for the server alone and says so with
// `import "server-only"`, so a client component that imports it fails the
// build instead of shipping it. eslint.config.mjs keeps the browser-safe
// folders from importing the rest. There are no server actions: their ids
// change with every build, so a page opened before an upgrade would post to
// one that is gone; forms post to routes (docs/architecture.md).

const root = join(import.meta.dirname, "..");

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

const firstStatement = (file: string) =>
  readFileSync(join(root, file), "utf8")
    .split("\n")
    .find((line) => line.trim() !== "" && !line.startsWith("//"));

describe("module boundaries", () => {
  it("marks every server module of lib/ server-only", () => {
    const unmarked = sources("lib")
      .filter((file) => !relative("lib", file).startsWith("browser-safe"))
      .filter((file) => firstStatement(file) !== 'import "server-only";');
    expect(unmarked).toEqual([]);
  });

  it("has no server actions", () => {
    const actions = ["app", "components", "lib"]
      .flatMap(sources)
      .filter((file) => /^\s*["']use server["']/m.test(readFileSync(join(root, file), "utf8")));
    expect(actions).toEqual([]);
  });

  it("keeps client hooks client-side", () => {
    const notClient = sources("hooks").filter((file) => firstStatement(file) !== '"use client";');
    expect(notClient).toEqual([]);
  });
});
