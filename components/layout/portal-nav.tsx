import { SvgIcon } from "@/components/icons/svg-icon";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { BottomNavLinks, HeaderNavLinks, type NavLink } from "./main-nav";
import { navItems } from "./nav-items";
import { HydrateApart } from "./hydrate-apart";

// The portal's navigation, built on the server: labels from the catalogue and
// icons as rendered SVG, so neither the icon set nor the texts are part of the
// page's scripts; main-nav.tsx marks the current section in the browser.

async function navLinks(embedded: boolean, withIcons: boolean): Promise<{ label: string; links: NavLink[] }> {
  const t = await serverTranslator("nav");
  return {
    label: t("label"),
    links: navItems.map(({ href, labelKey, icon }) => ({
      href: withEmbed(href, embedded),
      path: href,
      label: t(labelKey),
      icon: withIcons ? <SvgIcon name={icon} className="size-5" /> : undefined,
    })),
  };
}

/** Wide screens: links in the header; in an intranet frame (`embedded`), at every width. */
export async function HeaderNav({ embedded = false }: { embedded?: boolean }) {
  const { label, links } = await navLinks(embedded, false);
  return (
    <HydrateApart>
      <HeaderNavLinks label={label} links={links} alwaysShown={embedded} />
    </HydrateApart>
  );
}

/** Phones and tablets: a bottom bar within reach of the thumb (not in a frame). */
export async function BottomNav() {
  const { label, links } = await navLinks(false, true);
  return (
    <HydrateApart>
      <BottomNavLinks label={label} links={links} />
    </HydrateApart>
  );
}
