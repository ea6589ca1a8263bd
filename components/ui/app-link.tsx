"use client";

import { useRouter } from "next/navigation";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A click the browser should handle itself: a new tab or window, a download, another frame. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute("target");
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== "_self") ||
    event.currentTarget.hasAttribute("download")
  );
}

/**
 * A link to one of the portal's own pages: a real anchor (it works before the
 * scripts arrive, opens in a new tab, is read as a link), and a plain click
 * changes the page through the App Router as next/link does, without a
 * document load. Not next/link: what it adds beyond this is fetching pages
 * ahead, which the portal turns off (every page is rendered for its person,
 * so prefetching cost the server a render of each of the four other
 * sections per page view), and it was 2.6 kB of gzip on every signed-in
 * page, where first-load JS has a budget of 150 kB (issue 14). The router's
 * push is the same navigation next/link calls.
 */
export function AppLink({ href, onClick, ...anchor }: AppLinkProps) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...anchor}
      onClick={(event) => {
        onClick?.(event);
        if (leftToBrowser(event)) return;
        event.preventDefault();
        router.push(href);
      }}
    />
  );
}
