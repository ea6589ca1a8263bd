"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { InitialRead } from "@/hooks/use-account";
import { useDevices, useEndSession, type DeviceSession, type DevicesOverview } from "@/hooks/use-devices";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useFormatLocale } from "@/hooks/use-format-locale";
import { Alert } from "@/components/ui/alert";
import { FirstReadState } from "@/components/ui/first-read-state";
import { AttemptList } from "./attempt-list";
import { SessionList } from "./session-list";
import { useDeviceName } from "./device-name";

/** The "Devices and sign-ins" page's body: my sessions now, then my sign-in attempts. */
export function DevicesView({ initial }: { initial?: InitialRead<DevicesOverview> }) {
  const t = useTranslations("devices");
  const sentence = useErrorSentence();
  const locale = useFormatLocale();
  const deviceName = useDeviceName();
  const devices = useDevices(initial);
  const ending = useEndSession();
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();
  const sessionsHeading = useRef<HTMLHeadingElement>(null);

  const signOut = (session?: DeviceSession) => {
    if (ending.isPending) return;
    ending.mutate(session?.handle, {
      onSuccess: ({ ended }) => {
        setSaid({
          text: session ? t("signedOutOne", { device: deviceName(session) }) : t("signedOutOthers", { count: ended }),
          failed: false,
        });
        sessionsHeading.current?.focus();
      },
      onError: (error) => setSaid({ text: sentence(error), failed: true }),
    });
  };
  const busy = ending.isPending ? (ending.variables ?? "others") : undefined;

  if (!devices.data) {
    return (
      <FirstReadState
        failed={devices.isError}
        failure={sentence(devices.error, t("loadFailed"))}
        loading={t("loading")}
        retry={t("retry")}
        onRetry={() => void devices.refetch()}
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <SessionList
        sessions={devices.data.sessions}
        locale={locale}
        onSignOut={signOut}
        busy={busy}
        headingRef={sessionsHeading}
        notice={
          <>
            <div role="status" aria-live="polite">
              {said && !said.failed ? <p className="rounded-lg bg-info-bg p-3 text-info-text">{said.text}</p> : null}
            </div>
            {said?.failed ? <Alert>{said.text}</Alert> : null}
          </>
        }
      />
      <AttemptList attempts={devices.data.attempts} locale={locale} />
    </div>
  );
}
