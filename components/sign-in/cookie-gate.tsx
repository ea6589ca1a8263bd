"use client";

import { Icon } from "@/components/icons/icon-provider";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import type { FrameCookiesResponse } from "@/app/api/frame-cookies/schema";
import { buttonClasses } from "@/components/ui/button";

// Read without a schema library: the sign-in page loads no zod, and only a
// clear "false" blocks the form (anything else leaves it, as a failed check does).
async function cookiesAccepted(): Promise<boolean> {
  const ask = async (probe?: string) => {
    const query = probe ? `?probe=${encodeURIComponent(probe)}` : "";
    const answer = await fetch(`/api/frame-cookies${query}`, { cache: "no-store" });
    return ((await answer.json()) as Partial<FrameCookiesResponse> | null) ?? {};
  };
  const { probe } = await ask();
  if (typeof probe !== "string") return true;
  return (await ask(probe)).accepted !== false;
}

/**
 * Shows the sign-in form only while the browser keeps the portal's cookies: a
 * browser that drops them (third-party cookie blocking in an intranet frame;
 * Safari refusing Secure cookies from an http:// page) would send the person
 * back to sign-in after every attempt, without a word. Instead it says so:
 * in a frame (`newTabHref` given) it offers the portal in a tab of its own, at
 * the top it says what would let the person in. If the check itself fails,
 * the form stays: it may still work.
 */
export function CookieGate({ newTabHref, children }: { newTabHref?: string; children: ReactNode }) {
  const t = useTranslations("embed");
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    let current = true;
    cookiesAccepted()
      .then((accepted) => current && setBlocked(!accepted))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  if (!blocked) return children;
  return (
    <div
      role="alert"
      className="flex flex-col gap-4 rounded-lg border border-danger-border bg-danger-bg p-4 text-danger-text"
    >
      <p className="font-semibold">{newTabHref ? t("cookiesBlockedTitle") : t("cookiesDroppedTitle")}</p>
      <p>{newTabHref ? t("cookiesBlocked") : t("cookiesDropped")}</p>
      {newTabHref ? (
        <a href={newTabHref} target="_blank" rel="noopener" className={buttonClasses("primary", "self-start")}>
          <Icon name="externalLink" className="size-5" />
          {t("openInNewTab")}
        </a>
      ) : null}
    </div>
  );
}
