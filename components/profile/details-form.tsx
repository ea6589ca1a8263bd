"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { MeResponse } from "@/app/api/me/schema";
import type { ProfileRequest } from "@/app/api/profile/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure, useFormErrors } from "@/components/ui/form-errors";
import { TextField } from "@/components/ui/text-field";
import { useUpdateProfile } from "@/hooks/use-self-service";
import { isLocale, localeNames, locales } from "@/lib/browser-safe/locales";
import { useFieldCheck } from "./field-sentence";

/** The fields shown with their own error; a refusal of the language is said above the form. */
const editableFields = ["fullName", "email"] as const;
const noFields = [] as const;
// The route's own schema, loaded when the form is sent (field-sentence.ts).
const loadProfileRequest = async () => (await import("@/app/api/profile/schema")).profileRequest;

interface DetailsFormProps {
  profile: MeResponse;
  /** The server lets people change their name and email (language always). */
  profileEditing: boolean;
}

/** The details the server lets the person change; typed values stay on any error. The saved profile is every page's from then on. */
export function DetailsForm({ profile, profileEditing }: DetailsFormProps) {
  const t = useTranslations("profile.details");
  const locale = useLocale();
  const check = useFieldCheck();
  const update = useUpdateProfile();
  const { fieldErrors, setFieldErrors, refused, failureOf } = useFormErrors<"fullName" | "email">(
    profileEditing ? editableFields : noFields,
  );
  const languageId = useId();
  const [fullName, setFullName] = useState(profile.fullName);
  const [email, setEmail] = useState(profile.email ?? "");
  const [language, setLanguage] = useState<string>(isLocale(profile.language) ? profile.language : locale);
  const [saved, setSaved] = useState(false);

  const changes = (): ProfileRequest => {
    const wanted: ProfileRequest = {};
    if (profileEditing && fullName !== profile.fullName) wanted.fullName = fullName;
    if (profileEditing && email !== (profile.email ?? "")) wanted.email = email;
    if (language !== profile.language) wanted.language = language as ProfileRequest["language"];
    return wanted;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(false);
    const checked = await check(loadProfileRequest, changes());
    if (!checked) return;
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    update.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: refused,
    });
  };

  const failure = failureOf(update.error);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? (
        <FormFailure error={failure} lead={t("failed")} />
      ) : Object.keys(fieldErrors).length > 0 ? (
        <Alert>{t("checkFields")}</Alert>
      ) : null}
      {profileEditing ? (
        <>
          <TextField
            label={t("fullName")}
            name="fullName"
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            error={fieldErrors.fullName}
            maxLength={200}
          />
          <TextField
            label={t("email")}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldErrors.email}
          />
        </>
      ) : (
        <p className="text-fg-muted">{t("onlyLanguage")}</p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={languageId} className="text-base font-medium">
          {t("language")}
        </label>
        <p id={`${languageId}-hint`} className="text-sm text-fg-muted">
          {t("languageHint")}
        </p>
        <select
          id={languageId}
          name="language"
          value={language}
          onChange={(event) => isLocale(event.target.value) && setLanguage(event.target.value)}
          aria-describedby={`${languageId}-hint`}
          className="min-h-11 rounded-lg border border-field-border bg-surface px-3 text-base text-fg sm:max-w-xs"
        >
          {locales.map((code) => (
            <option key={code} value={code} lang={code}>
              {localeNames[code]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-disabled={update.isPending}>
          {t("save")}
        </Button>
        <p role="status" className="font-medium">
          {saved && !update.isPending ? t("saved") : ""}
        </p>
      </div>
    </form>
  );
}
