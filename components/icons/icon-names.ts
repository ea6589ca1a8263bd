import type { iconNodes } from "./icon-nodes";

/** The portal's icons (lucide's, by the portal's own names: scripts/icon-nodes.mjs). */
export type IconName = keyof typeof iconNodes;
