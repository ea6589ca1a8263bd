"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

// The client part of the portal's navigation (portal-nav.tsx builds the
// items on the server): only which section is current needs the browser, as
// the layout stays while pages change. Labels and icons arrive rendered.

export interface NavLink {
  /** Where the link goes (with `embed=1` inside a frame). */
  href: string;
  /** The section's own path, to tell whether it is the current one. */
  path: string;
  label: string;
  icon?: ReactNode;
}

function isActive(pathname: string, path: string): boolean {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}

/** Wide screens: links in the header; in an intranet frame, at every width. */
export function HeaderNavLinks({
  label,
  links,
  alwaysShown,
}: {
  label: string;
  links: NavLink[];
  alwaysShown: boolean;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={alwaysShown ? undefined : "hidden lg:block"}>
      {/* Wraps rather than overflows: a phone-wide intranet frame, longer words in de/cs. */}
      <ul className="flex flex-wrap items-center gap-x-1">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              href={link.href}
              // Every page is rendered for its person: fetching sections ahead would cost a server render each, mostly unused.
              prefetch={false}
              aria-current={isActive(pathname, link.path) ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-fg-muted hover:bg-surface-muted hover:text-fg aria-[current=page]:text-fg aria-[current=page]:underline aria-[current=page]:underline-offset-8`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Phones and tablets: a bottom bar within reach of the thumb; six labels fit a header only from laptop widths. */
export function BottomNavLinks({ label, links }: { label: string; links: NavLink[] }) {
  const pathname = usePathname();
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-10 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="flex justify-around">
        {links.map((link) => (
          <li key={link.path} className="flex-1">
            <Link
              href={link.href}
              prefetch={false}
              aria-current={isActive(pathname, link.path) ? "page" : undefined}
              className="flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-xs font-medium text-fg-muted aria-[current=page]:text-accent"
            >
              {link.icon}
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
