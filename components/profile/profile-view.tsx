"use client";

import { useTranslations } from "@/hooks/use-translations";
import type { ReactNode } from "react";
import { PanelProblem } from "@/components/account/panel-problem";
import { PanelSection, SkeletonLine } from "@/components/account/panel-section";
import { useProfile } from "@/hooks/use-account";
import { useSelfServiceSettings } from "@/hooks/use-self-service";
import { DetailsForm } from "./details-form";
import { NewPin } from "./new-pin";
import { PasswordForm } from "./password-form";

/**
 * A section's place while it loads, about as tall as its form (`fields`
 * labelled inputs, the last `hinted` of them with a line of hint, and a
 * button), so nothing below it jumps (a layout shift costs Lighthouse points
 * on a phone; issue 14).
 */
interface FormShape {
  fields: number;
  hinted?: number;
}

function Loading({ fields, hinted = 0 }: FormShape) {
  const t = useTranslations("profile");
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only">{t("loading")}</p>
      {Array.from({ length: fields }, (_, field) => (
        <div key={field} className="flex flex-col gap-1.5">
          <SkeletonLine className="h-6 w-32" />
          {field >= fields - hinted ? <SkeletonLine className="h-5 w-full max-w-sm" /> : null}
          <SkeletonLine className="h-11 w-full max-w-md" />
        </div>
      ))}
      <SkeletonLine className="h-11 w-36" />
    </div>
  );
}

/** Profile, password and PIN: each section waits for what it needs and fails on its own. */
export function ProfileView() {
  const t = useTranslations("profile");
  const profile = useProfile();
  const settings = useSelfServiceSettings();

  const problem = (query: typeof profile | typeof settings) => (
    <PanelProblem
      error={query.error}
      headline={t("failed")}
      notPermitted={t("failed")}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  // `lead`: the section's own words, which need no data and show at once.
  const section = (title: string, ready: boolean, shape: FormShape, content: () => ReactNode, lead?: ReactNode) => {
    const failed = profile.error && !profile.data ? profile : settings.error && !settings.data ? settings : undefined;
    return (
      <PanelSection title={title} busy={!ready}>
        {lead}
        {ready ? content() : failed ? problem(failed) : <Loading {...shape} />}
      </PanelSection>
    );
  };
  const ready = profile.data !== undefined && settings.data !== undefined;
  return (
    <div className="flex flex-col gap-6">
      {/* Name, e-mail and language (with its hint), as most servers let people edit their details. */}
      {section(t("details.heading"), ready, { fields: 3, hinted: 1 }, () => (
        <DetailsForm profile={profile.data!} profileEditing={settings.data!.profileEditing} onSaved={profile.replace} />
      ))}
      {section(
        t("pin.heading"),
        settings.data !== undefined,
        { fields: 0 },
        () => (
          <NewPin allowed={settings.data!.pinChange.allowed} />
        ),
        <p>{t("pin.intro")}</p>,
      )}
      {section(t("password.heading"), ready, { fields: 3 }, () => (
        <PasswordForm rules={settings.data!.passwordRules} managedElsewhere={profile.data!.passwordManagedElsewhere} />
      ))}
    </div>
  );
}
