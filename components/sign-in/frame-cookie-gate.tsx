"use client";

import { Icon } from "@/components/icons/icon-provider";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import type { FrameCookiesResponse } from "@/app/api/frame-cookies/schema";
import { buttonClasses } from "@/components/ui/button";

// Read without a schema library: the sign-in page loads no zod, and only a
// clear "false" blocks the form (anything else leaves it, as a failed check does).
async function cookiesAccepted(): Promise<boolean> {
  const ask = async () =>
    ((await (await fetch("/api/frame-cookies", { cache: "no-store" })).json()) as Partial<FrameCookiesResponse> | null)
      ?.accepted;
  await ask();
  return (await ask()) !== false;
}

/**
 * In an intranet frame, shows the sign-in form only while the browser keeps
 * the portal's cookies there. A browser that refuses them (third-party cookie
 * blocking without partitioned cookies) would send the person back to sign-in
 * after every attempt; instead they are told so and offered the portal in a
 * tab of its own. If the check itself fails, the form stays: it may still work.
 */
export function FrameCookieGate({ newTabHref, children }: { newTabHref: string; children: ReactNode }) {
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
      <p className="font-semibold">{t("cookiesBlockedTitle")}</p>
      <p>{t("cookiesBlocked")}</p>
      <a href={newTabHref} target="_blank" rel="noopener" className={buttonClasses("primary", "self-start")}>
        <Icon name="externalLink" className="size-5" />
        {t("openInNewTab")}
      </a>
    </div>
  );
}
