"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { useEmbedded } from "@/hooks/use-embed";
import { navItems } from "./nav-items";

function isActive(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/** Desktop: links in the header; in an intranet frame, at every width. */
export function HeaderNav({ alwaysShown = false }: { alwaysShown?: boolean }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  const embedded = useEmbedded();
  return (
    <nav aria-label={t("label")} className={alwaysShown ? undefined : "hidden sm:block"}>
      {/* Wraps rather than overflows: a phone-wide intranet frame, longer words in de/cs. */}
      <ul className="flex flex-wrap items-center gap-x-1">
        {navItems.map((item) => (
          <li key={item.href}>
            <Link
              href={withEmbed(item.href, embedded)}
              aria-current={isActive(pathname, item.href) ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg ${alwaysShown ? "px-2" : "px-3"} font-medium text-fg-muted hover:bg-surface-muted hover:text-fg aria-[current=page]:text-fg aria-[current=page]:underline aria-[current=page]:underline-offset-8`}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Phone: a bottom bar within reach of the thumb. */
export function BottomNav() {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <nav
      aria-label={t("label")}
      className="fixed inset-x-0 bottom-0 z-10 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] sm:hidden"
    >
      <ul className="flex justify-around">
        {navItems.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.href} className="flex-1">
              <Link
                href={item.href}
                aria-current={isActive(pathname, item.href) ? "page" : undefined}
                className="flex min-h-14 flex-col items-center justify-center gap-0.5 text-sm font-medium text-fg-muted aria-[current=page]:text-accent"
              >
                <Icon aria-hidden="true" className="size-5" />
                {t(item.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
