"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { SelfServiceResponse } from "@/app/api/profile/settings/schema";
import { SecretField } from "@/components/ui/secret-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure, useFormErrors } from "@/components/ui/form-errors";
import { useChangePassword } from "@/hooks/use-self-service";
import { newRequestId } from "@/lib/browser-safe/request-id";
import { useFieldCheck } from "./field-sentence";

type Rules = NonNullable<SelfServiceResponse["passwordRules"]>;

/** The server's rules, shown before anyone types. */
function PasswordRules({ rules, id }: { rules: Rules; id: string }) {
  const t = useTranslations("profile.password");
  return (
    <div id={id} className="text-sm text-fg-muted">
      <p>{t("rulesHeading")}</p>
      <ul className="list-disc ps-5">
        <li>{t("ruleLength", { min: rules.minLength, max: rules.maxLength })}</li>
        {rules.requireLetter ? <li>{t("ruleLetter")}</li> : null}
        {rules.requireDigit ? <li>{t("ruleDigit")}</li> : null}
        <li>{t("ruleNotUsername")}</li>
      </ul>
    </div>
  );
}

const passwordFields = ["currentPassword", "newPassword", "confirm"] as const;
// The route's own schema, loaded when the form is sent (field-sentence.ts).
const loadPasswordRequest = async () => (await import("@/app/api/profile/password/schema")).passwordRequest;

/** Change password, for a local account; a directory account is told where its password is changed. */
export function PasswordForm({ rules, managedElsewhere }: { rules: Rules | null; managedElsewhere: boolean }) {
  const t = useTranslations("profile.password");
  const check = useFieldCheck();
  const change = useChangePassword();
  const { fieldErrors, setFieldErrors, refused, failureOf } = useFormErrors(passwordFields);
  const rulesId = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  // One id per attempt: a double submit repeats it, so the server changes the password once.
  const [requestId, setRequestId] = useState(newRequestId);

  if (managedElsewhere) return <Alert tone="info">{t("managedElsewhere")}</Alert>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const checked = await check(loadPasswordRequest, { currentPassword: current, newPassword: next, requestId });
    if (!checked) return;
    const errors: typeof fieldErrors = checked.ok ? {} : { ...checked.errors };
    if (!errors.newPassword && next !== again) errors.confirm = t("field.mismatch");
    setFieldErrors(errors);
    if (!checked.ok || Object.keys(errors).length > 0) return;
    change.mutate(checked.data, {
      onSuccess: () => {
        setCurrent("");
        setNext("");
        setAgain("");
        setRequestId(newRequestId());
      },
      onError: (error) => {
        // A refused attempt is over: the next press is a new one.
        setRequestId(newRequestId());
        refused(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormFailure error={failureOf(change.error)} lead={t("failed")} />
      {rules ? <PasswordRules rules={rules} id={rulesId} /> : null}
      <SecretField
        label={t("current")}
        showLabel={t("showCurrent")}
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={fieldErrors.currentPassword}
      />
      <SecretField
        label={t("new")}
        showLabel={t("showNew")}
        name="newPassword"
        autoComplete="new-password"
        {...(fieldErrors.newPassword || !rules ? {} : { "aria-describedby": rulesId })}
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={fieldErrors.newPassword}
      />
      <SecretField
        label={t("confirm")}
        showLabel={t("showConfirm")}
        name="confirmPassword"
        autoComplete="new-password"
        value={again}
        onChange={(event) => setAgain(event.target.value)}
        error={fieldErrors.confirm}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-disabled={change.isPending}>
          {t("submit")}
        </Button>
        <p role="status" className="font-medium">
          {change.isSuccess ? t("changed") : ""}
        </p>
      </div>
    </form>
  );
}
