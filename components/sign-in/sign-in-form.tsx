"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { Tabs } from "radix-ui";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { SignInState } from "@/app/(public)/sign-in/sign-in-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SecretField } from "./secret-field";

type Action = (previous: SignInState, formData: FormData) => Promise<SignInState>;

interface SignInFormProps {
  action: Action;
  callbackUrl?: string;
  /** A message to show before any attempt, e.g. that the session ended. */
  notice?: { text: string; tone: "error" | "info" };
}

function SubmitButton({ pending }: { pending: boolean }) {
  const t = useTranslations("signIn");
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} className="w-full">
      {pending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
      {t("submit")}
    </Button>
  );
}

export function SignInForm({ action, callbackUrl, notice }: SignInFormProps) {
  const t = useTranslations("signIn");
  const [state, formAction, pending] = useActionState(action, { method: "pin" });
  const [method, setMethod] = useState<SignInState["method"]>("pin");
  const usernameId = useId();
  const alertRef = useRef<HTMLDivElement>(null);

  // After a failed attempt, move focus to the message so keyboard users land
  // on what went wrong (role=alert already announces it).
  useEffect(() => {
    if (state.message) alertRef.current?.focus();
  }, [state]);

  const message = state.message ?? notice?.text;
  const tone = state.message ? "error" : (notice?.tone ?? "error");
  const hidden = <>{callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}</>;

  return (
    <div className="flex flex-col gap-5">
      <div ref={alertRef} tabIndex={-1} className="outline-none empty:hidden">
        {message ? <Alert tone={tone}>{message}</Alert> : null}
      </div>

      <Tabs.Root value={method} onValueChange={(value) => setMethod(value === "password" ? "password" : "pin")}>
        <Tabs.List aria-label={t("howToSignIn")} className="grid grid-cols-2 gap-1 rounded-lg bg-surface-muted p-1">
          {(
            [
              ["pin", t("pinTab")],
              ["password", t("passwordTab")],
            ] as const
          ).map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-11 rounded-md px-3 text-sm font-semibold text-fg-muted data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:underline data-[state=active]:decoration-2 data-[state=active]:underline-offset-4 data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="pin" className="pt-5">
          <form action={formAction} className="flex flex-col gap-5">
            <input type="hidden" name="method" value="pin" />
            {hidden}
            <SecretField
              label={t("pin")}
              showLabel={t("showPin")}
              name="pin"
              large
              required
              inputMode="numeric"
              // Not "one-time-code" (phones would offer codes from text
              // messages) nor "current-password" (managers would put the
              // account password here); off also keeps PINs out of the
              // browser's form history on shared phones.
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={32}
              error={state.method === "pin" ? state.fieldErrors?.pin : undefined}
            />
            <SubmitButton pending={pending} />
            <p className="text-sm text-fg-muted">{t("noPinHint")}</p>
          </form>
        </Tabs.Content>

        <Tabs.Content value="password" className="pt-5">
          <form action={formAction} className="flex flex-col gap-5">
            <input type="hidden" name="method" value="password" />
            {hidden}
            <div className="flex flex-col gap-1.5">
              <label htmlFor={usernameId} className="text-base font-medium">
                {t("username")}
              </label>
              <input
                id={usernameId}
                name="username"
                required
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                defaultValue={state.username ?? ""}
                aria-invalid={state.fieldErrors?.username ? true : undefined}
                className="min-h-11 rounded-lg border border-field-border bg-surface px-3 py-2 text-base text-fg"
              />
              {state.method === "password" && state.fieldErrors?.username ? (
                <p className="text-sm text-danger-text">{state.fieldErrors.username}</p>
              ) : null}
            </div>
            <SecretField
              label={t("password")}
              showLabel={t("showPassword")}
              name="password"
              required
              autoComplete="current-password"
              error={state.method === "password" ? state.fieldErrors?.password : undefined}
            />
            <SubmitButton pending={pending} />
          </form>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
