import { createElement } from "react";
import { iconNodes } from "./icon-nodes";
import type { IconName } from "./icon-names";

/**
 * A lucide icon drawn as plain SVG, as lucide-react draws it, for server
 * components: no icon code reaches the browser (icon-nodes.ts says why).
 * Decorative: the text beside it names the thing.
 */
export function SvgIcon({
  name,
  className = "",
  strokeWidth = 2,
}: {
  name: IconName;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {iconNodes[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
