"use client";

import { useTranslations } from "next-intl";

// Plain markup in the look of components/ui's Alert and Button rather than
// the components: this boundary's script loads with every portal page as a
// chunk of its own, and every module it imports came twice with each page
// that uses it too.
export default function PortalError({ reset }: { reset: () => void }) {
  const t = useTranslations("errorPages");
  return (
    <div className="flex flex-col items-start gap-4">
      <p role="alert" className="rounded-lg border border-danger-border bg-danger-bg p-3 text-base text-danger-text">
        {t("portalFailed")}
      </p>
      <button
        type="button"
        onClick={reset}
        className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-on-accent hover:bg-accent-hover"
      >
        {t("tryAgain")}
      </button>
    </div>
  );
}
