"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { MeResponse } from "@/app/api/me/schema";
import type { UseQueryResult } from "@tanstack/react-query";
import { SkeletonLine } from "./skeleton-line";
import { QueryPanel } from "./query-panel";

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
export function ProfilePanel({ read, locale }: { read: UseQueryResult<MeResponse>; locale: string }) {
  return (
    <QueryPanel namespace="account.profile" query={read} locale={locale} skeleton={<ProfileSkeleton />}>
      {(profile) => <ProfileDetails profile={profile} />}
    </QueryPanel>
  );
}
