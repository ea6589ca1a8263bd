"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { IconName } from "./icon-names";

// Icons for client components, rendered on the server (icon-scope.tsx) and
// handed down here, so no client component imports the icon set: a state
// that shows an icon only later (an error, a spinner) still has it ready.
// Scopes nest like the texts' (intl-client-provider.tsx).

type RenderedIcons = Partial<Record<IconName, ReactNode>>;

const IconContext = createContext<RenderedIcons>({});

export function IconProvider({ icons, children }: { icons: RenderedIcons; children: ReactNode }) {
  const outer = useContext(IconContext);
  const value = useMemo(() => ({ ...outer, ...icons }), [outer, icons]);
  return <IconContext value={value}>{children}</IconContext>;
}

/**
 * An icon of the page's scope, in a box of `className`'s size (e.g.
 * `size-5`); the svg fills it. Decorative: the text beside it names the
 * thing. A name the scope lacks shows nothing and says so in the console.
 */
export function Icon({ name, className = "" }: { name: IconName; className?: string }) {
  const icon = useContext(IconContext)[name];
  if (icon === undefined) console.error(`No icon ${name} in this page's icon scope`);
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 ${className}`}>
      {icon}
    </span>
  );
}
