import "server-only";
import type { ReactNode } from "react";
import type { IconName } from "./icon-names";
import { IconProvider } from "./icon-provider";
import { SvgIcon } from "./svg-icon";

// The tick of a checkbox is drawn bolder, to read at its small size.
const bold: Partial<Record<IconName, number>> = { check: 3 };

/**
 * Gives the client components below it the icons they show, drawn here:
 * only these travel to the browser, as markup in the page's payload, and no
 * icon code does.
 */
export function IconScope({ names, children }: { names: readonly IconName[]; children: ReactNode }) {
  const drawn = Object.fromEntries(
    names.map((name) => [name, <SvgIcon key={name} name={name} className="size-full" strokeWidth={bold[name]} />]),
  );
  return <IconProvider icons={drawn}>{children}</IconProvider>;
}
