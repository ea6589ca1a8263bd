import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildPortal, portalNeedsBuild, root } from "../scripts/lib/stack.mjs";

// Builds the portal once for the run, as the Playwright suite's global setup
// does; each engine's file then starts its own stacks from that build.
export default async function setup(): Promise<void> {
  if (portalNeedsBuild()) await buildPortal();
  // Kept across the engines' runs: npm test empties .test-output once, before all of them.
  mkdirSync(join(root, ".test-output", "browsers"), { recursive: true });
}
