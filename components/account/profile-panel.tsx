"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { MeResponse } from "@/app/api/me/schema";
import { useProfile } from "@/hooks/use-account";
import { formatClockTime } from "@/lib/browser-safe/time-format";
import { PanelProblem } from "./panel-problem";
import { panelFailure, PanelError } from "./panel-request";
import { PanelSection, SkeletonLine } from "./panel-section";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-6">
      <dt className="font-medium text-fg-muted sm:w-32 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: MeResponse }) {
  const t = useTranslations("account.profile");
  return (
    <dl className="flex flex-col gap-3">
      <Row term={t("name")}>{profile.fullName}</Row>
      <Row term={t("username")}>{profile.username}</Row>
      <Row term={t("email")}>{profile.email ?? <span className="text-fg-muted">{t("noEmail")}</span>}</Row>
      <Row term={t("aliases")}>
        {profile.aliases.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {profile.aliases.map((alias) => (
              <li key={alias} className="rounded-full border border-border bg-surface-muted px-3 text-sm leading-7">
                {alias}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-fg-muted">{t("noAliases")}</span>
        )}
      </Row>
    </dl>
  );
}

function ProfileSkeleton() {
  const t = useTranslations("account.profile");
  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only">{t("loading")}</p>
      {["w-40", "w-24", "w-56", "w-44"].map((width) => (
        <div key={width} className="flex flex-col gap-1 sm:flex-row sm:gap-6">
          <SkeletonLine className="h-6 w-24 sm:w-32" />
          <SkeletonLine className={`h-6 ${width}`} />
        </div>
      ))}
    </div>
  );
}

/** Who the person is in the print server: loads, fails and retries on its own. */
export function ProfilePanel({ locale }: { locale: string }) {
  const t = useTranslations("account.profile");
  const query = useProfile();
  const failure = query.error ? panelFailure(query.error) : undefined;
  const retryAfter = query.error instanceof PanelError ? query.error.retryAfterSeconds : undefined;
  const problem = (headline: string) =>
    failure ? (
      <PanelProblem
        failure={failure}
        retryAfterSeconds={retryAfter}
        headline={headline}
        notPermitted={t("notPermitted")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : null;
  return (
    <PanelSection title={t("heading")} busy={query.isPending}>
      {query.data ? (
        <>
          {problem(t("staleFailed", { time: formatClockTime(query.dataUpdatedAt, locale) }))}
          {failure === "forbidden_scope" ? null : <ProfileDetails profile={query.data} />}
        </>
      ) : failure ? (
        problem(t("failed"))
      ) : (
        <ProfileSkeleton />
      )}
    </PanelSection>
  );
}
