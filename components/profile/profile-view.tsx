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

function Loading() {
  const t = useTranslations("profile");
  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only">{t("loading")}</p>
      <SkeletonLine className="h-6 w-32" />
      <SkeletonLine className="h-11 w-full max-w-md" />
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
  const section = (title: string, ready: boolean, content: () => ReactNode) => {
    const failed = profile.error && !profile.data ? profile : settings.error && !settings.data ? settings : undefined;
    return (
      <PanelSection title={title} busy={!ready}>
        {ready ? content() : failed ? problem(failed) : <Loading />}
      </PanelSection>
    );
  };
  const ready = profile.data !== undefined && settings.data !== undefined;
  return (
    <div className="flex flex-col gap-6">
      {section(t("details.heading"), ready, () => (
        <DetailsForm profile={profile.data!} profileEditing={settings.data!.profileEditing} onSaved={profile.replace} />
      ))}
      {section(t("pin.heading"), settings.data !== undefined, () => (
        <>
          <p>{t("pin.intro")}</p>
          <NewPin allowed={settings.data!.pinChange.allowed} />
        </>
      ))}
      {section(t("password.heading"), ready, () => (
        <PasswordForm rules={settings.data!.passwordRules} managedElsewhere={profile.data!.passwordManagedElsewhere} />
      ))}
    </div>
  );
}
