import { join } from "node:path";
import { pathToFileURL } from "node:url";

type Stack = typeof import("../../scripts/lib/stack.mjs");

/**
 * Loads the demo's process helpers (plain ESM, shared with scripts/demo.mjs)
 * through Node's own loader: Playwright's transpiler would turn the .mjs file
 * into CommonJS, which Node then refuses.
 */
export function loadStack(): Promise<Stack> {
  const url = pathToFileURL(join(__dirname, "..", "..", "scripts", "lib", "stack.mjs")).href;
  // A Function-built import keeps Playwright from rewriting it into require().
  return new Function("url", "return import(url)")(url) as Promise<Stack>;
}
