"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import type { SignInAttemptEntry } from "@/hooks/use-devices";
import { formatMoment, useDeviceName } from "./device-name";

const methodKeys = { pin: "pin", password: "password", "single-sign-on": "singleSignOn" } as const;

/** The person's sign-in attempts of the last 30 days, newest first. */
export function AttemptList({ attempts, locale }: { attempts: SignInAttemptEntry[]; locale: string }) {
  const t = useTranslations("devices");
  const deviceName = useDeviceName();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {t("attemptsHeading")}
      </h2>
      {attempts.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{t("noAttempts")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {attempts.map((attempt, index) => (
            <li
              // Attempts have no id of their own; the list only ever changes as a whole.
              key={`${attempt.at}-${index}`}
              className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4"
            >
              <h3 className="font-semibold">
                {formatMoment(attempt.at, locale)}:{" "}
                {attempt.outcome === "signed-in"
                  ? t("outcome.signedIn")
                  : t("refusedBecause", {
                      reason: t(`reason.${attempt.reason === "signedIn" ? "other" : attempt.reason}`),
                    })}
              </h3>
              <p className="text-sm text-fg-muted break-words">
                {t("methodLine", { method: t(`method.${methodKeys[attempt.method]}`) })} · {deviceName(attempt)} ·{" "}
                {attempt.address ? t("address", { address: attempt.address }) : t("addressUnknown")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
