"use client";

import type { ReactNode } from "react";
import type { MeResponse } from "@/app/api/me/schema";
import { useProfile } from "./account-queries";
import { formatTime } from "./format-time";
import { accountText } from "./messages";
import { PanelProblem } from "./panel-problem";
import { panelFailure, PanelError } from "./panel-request";
import { PanelSection, SkeletonLine } from "./panel-section";

const text = accountText.profile;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-6">
      <dt className="font-medium text-fg-muted sm:w-32 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: MeResponse }) {
  return (
    <dl className="flex flex-col gap-3">
      <Row term={text.name}>{profile.fullName}</Row>
      <Row term={text.username}>{profile.username}</Row>
      <Row term={text.email}>{profile.email ?? <span className="text-fg-muted">{text.noEmail}</span>}</Row>
      <Row term={text.aliases}>
        {profile.aliases.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {profile.aliases.map((alias) => (
              <li key={alias} className="rounded-full border border-border bg-surface-muted px-3 text-sm leading-7">
                {alias}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-fg-muted">{text.noAliases}</span>
        )}
      </Row>
    </dl>
  );
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only">{text.loading}</p>
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
  const query = useProfile();
  const failure = query.error ? panelFailure(query.error) : undefined;
  const retryAfter = query.error instanceof PanelError ? query.error.retryAfterSeconds : undefined;
  const problem = (headline: string) =>
    failure ? (
      <PanelProblem
        failure={failure}
        retryAfterSeconds={retryAfter}
        headline={headline}
        notPermitted={text.notPermitted}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : null;
  return (
    <PanelSection title={text.heading} busy={query.isPending}>
      {query.data ? (
        <>
          {problem(text.staleFailed(formatTime(query.dataUpdatedAt, locale)))}
          {failure === "forbidden_scope" ? null : <ProfileDetails profile={query.data} />}
        </>
      ) : failure ? (
        problem(text.failed)
      ) : (
        <ProfileSkeleton />
      )}
    </PanelSection>
  );
}
