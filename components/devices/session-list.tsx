"use client";

import { useId, type ReactNode, type Ref } from "react";
import { useTranslations } from "next-intl";
import type { DeviceSession } from "@/hooks/use-devices";
import { Button } from "@/components/ui/button";
import { formatMoment, useDeviceName } from "./device-name";

interface SessionListProps {
  sessions: DeviceSession[];
  locale: string;
  /** Signs out one other session (by handle), or every other one without. */
  onSignOut: (session?: DeviceSession) => void;
  /** The handle being signed out, or "others" while every other one is. */
  busy: string | undefined;
  /** Where the focus goes once a signed-out session's card, and its button, are gone. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** What the last sign-out did, said below the list's buttons. */
  notice?: ReactNode;
}

/** Where the person is signed in now: one card per session, a list (not a table) so it fits a phone. */
export function SessionList({ sessions, locale, onSignOut, busy, headingRef, notice }: SessionListProps) {
  const t = useTranslations("devices");
  const id = useId();
  const others = sessions.filter((session) => !session.current);
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        {t("sessionsHeading")}
      </h2>
      <ul className="flex flex-col gap-3">
        {sessions.map((session) => (
          <SessionRow
            key={session.handle}
            session={session}
            locale={locale}
            onSignOut={() => onSignOut(session)}
            busy={busy === session.handle || busy === "others"}
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <div>
          <Button variant="secondary" aria-disabled={busy !== undefined} onClick={() => onSignOut()}>
            {t("signOutEverywhereElse")}
          </Button>
        </div>
      ) : (
        <p className="text-fg-muted">{t("onlyThisDevice")}</p>
      )}
      {notice}
    </section>
  );
}

function SessionRow({
  session,
  locale,
  onSignOut,
  busy,
}: {
  session: DeviceSession;
  locale: string;
  onSignOut: () => void;
  busy: boolean;
}) {
  const t = useTranslations("devices");
  const deviceName = useDeviceName();
  const name = deviceName(session);
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
      <h3 className="flex flex-wrap items-center gap-2 font-semibold break-words">
        {name}
        {session.current ? (
          <span className="rounded-full bg-info-bg px-2 py-0.5 text-sm font-medium text-info-text">
            {t("thisDevice")}
          </span>
        ) : null}
      </h3>
      <ul className="flex flex-col text-sm text-fg-muted">
        <li>{session.address ? t("address", { address: session.address }) : t("addressUnknown")}</li>
        <li>{t("started", { date: formatMoment(session.startedAt, locale) })}</li>
        <li>{t("lastActive", { date: formatMoment(session.lastActiveAt, locale) })}</li>
      </ul>
      {session.current ? null : (
        <div>
          <Button variant="secondary" aria-disabled={busy} onClick={onSignOut}>
            {t("signOut", { device: name })}
          </Button>
        </div>
      )}
    </li>
  );
}
