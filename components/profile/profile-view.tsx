"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PanelProblem } from "@/components/account/panel-problem";
import { PanelSection } from "@/components/account/panel-section";
import { FormSkeleton, type FormShape } from "@/components/account/form-skeleton";
import { useProfile } from "@/hooks/use-account";
import { useSelfServiceSettings } from "@/hooks/use-self-service";
import { useShownError } from "@/hooks/use-shown-error";
import { DetailsForm } from "./details-form";
import { NewPin } from "./new-pin";
import { PasswordForm } from "./password-form";

/** Profile, password and PIN: each section waits for what it needs and fails on its own. */
export function ProfileView() {
  const t = useTranslations("profile");
  const profile = useProfile();
  const settings = useSelfServiceSettings();

  const profileError = useShownError(profile);
  const settingsError = useShownError(settings);
  const problem = (query: typeof profile | typeof settings, error: unknown) => (
    <PanelProblem
      error={error}
      headline={t("failed")}
      notPermitted={t("failed")}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  // `lead`: the section's own words, which need no data and show at once.
  const section = (title: string, ready: boolean, shape: FormShape, content: () => ReactNode, lead?: ReactNode) => {
    const failed =
      profileError && !profile.data
        ? problem(profile, profileError)
        : settingsError && !settings.data
          ? problem(settings, settingsError)
          : undefined;
    return (
      <PanelSection title={title} busy={!ready}>
        {lead}
        {ready ? content() : (failed ?? <FormSkeleton {...shape} loading={t("loading")} />)}
      </PanelSection>
    );
  };
  const ready = profile.data !== undefined && settings.data !== undefined;
  return (
    <div className="flex flex-col gap-6">
      {/* Name, e-mail and language (with its hint), as most servers let people edit their details. */}
      {section(t("details.heading"), ready, { fields: 3, hints: [t("details.languageHint")] }, () => (
        <DetailsForm profile={profile.data!} profileEditing={settings.data!.profileEditing} />
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
