import { join } from "node:path";
import { pathToFileURL } from "node:url";

type Stack = typeof import("../../scripts/lib/stack.mjs");
type ClusterHelpers = typeof import("../../scripts/lib/cluster.mjs");

/**
 * Loads a plain ESM helper of scripts/lib/ through Node's own loader:
 * Playwright's transpiler would turn the .mjs file into CommonJS, which Node
 * then refuses.
 */
function loadScript<T>(name: string): Promise<T> {
  const url = pathToFileURL(join(__dirname, "..", "..", "scripts", "lib", name)).href;
  // A Function-built import keeps Playwright from rewriting it into require().
  // Vitest (the browsers/ suite) runs modules in a context that has no such
  // import of its own, and answers its own import() there instead.
  return (new Function("url", "return import(url)")(url) as Promise<T>).catch(() => import(url) as Promise<T>);
}

/** The demo's process helpers (scripts/lib/stack.mjs, shared with scripts/demo.mjs). */
export function loadStack(): Promise<Stack> {
  return loadScript<Stack>("stack.mjs");
}

/** Redis, nginx and portal instances (scripts/lib/cluster.mjs, shared with scripts/demo-cluster.mjs). */
export function loadCluster(): Promise<ClusterHelpers> {
  return loadScript<ClusterHelpers>("cluster.mjs");
}
