"use client";

import { Icon } from "@/components/icons/icon-provider";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { SignInResponse } from "@/app/api/auth/sign-in/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { PortalError } from "@/lib/browser-safe/errors";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
import { signInRoute } from "@/lib/browser-safe/form-routes";
import type { SignInState } from "@/lib/browser-safe/sign-in-state";
import { SecretField } from "@/components/ui/secret-field";
import { TextField } from "@/components/ui/text-field";
import { ChallengeField, type ChallengeTexts } from "@/components/challenge/challenge-field";

// The sign-in forms post to app/api/auth/sign-in/route.ts. Without
// JavaScript that is a plain form post: the browser goes on to the page asked
// for, or comes back to this page with what went wrong in its URL (the page
// hands it over as `failed`). With JavaScript the same fields go through
// fetchJson, so a refusal is shown here at once, the user name kept and the
// focus on the message; after signing in the next page is loaded whole, so
// the root layout takes the person's own language and theme. The PIN form
// asks for the user name too, except where PIN alone is offered
// (PORTAL_PIN_ALONE_NETWORKS); after repeated failures the route asks for a
// solved challenge, which the form then shows until the next sign-in.

interface SignInFormProps {
  callbackUrl?: string;
  /** A message to show before any attempt, e.g. that the session ended. */
  notice?: { text: string; tone: "error" | "info" };
  /** An attempt without JavaScript that failed, as the page's URL tells it. */
  failed?: SignInState;
  /** This browser is in PORTAL_PIN_ALONE_NETWORKS: the PIN form has the PIN only. */
  pinAlone: boolean;
  /** The page's language, for the challenge's own sentences. */
  language: string;
  challengeTexts: ChallengeTexts;
}

/** What one post of the form sends: its own fields, as a form post would. */
function formFields(form: HTMLFormElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
  return fields;
}

function SubmitButton({ pending }: { pending: boolean }) {
  const t = useTranslations("signIn");
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} className="w-full">
      {pending ? <Icon name="spinner" className="size-5 animate-spin motion-reduce:animate-none" /> : null}
      {t("submit")}
    </Button>
  );
}

const methods = ["pin", "password"] as const;

/** True when the route's refusal asks for a solved challenge next. */
function asksForChallenge(error: unknown): boolean {
  return error instanceof PortalError && (error.code === "challenge_required" || error.code === "challenge_failed");
}

interface UsernameFieldProps {
  label: string;
  defaultValue: string;
  error?: string;
}

function UsernameField({ label, defaultValue, error }: UsernameFieldProps) {
  return (
    <TextField
      label={label}
      name="username"
      required
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The tabs' arrow keys (ARIA tabs, activated on focus): Left, Right, Home, End. */
function nextTab(current: SignInState["method"], key: string): SignInState["method"] | undefined {
  if (key === "Home") return methods[0];
  if (key === "End") return methods[methods.length - 1];
  if (key !== "ArrowLeft" && key !== "ArrowRight") return undefined;
  const at = methods.indexOf(current);
  return methods[(at + (key === "ArrowRight" ? 1 : methods.length - 1)) % methods.length];
}

export function SignInForm({ callbackUrl, notice, failed, pinAlone, language, challengeTexts }: SignInFormProps) {
  const t = useTranslations("signIn");
  const sentence = useErrorSentence();
  const [state, setState] = useState<SignInState>(failed ?? { method: "pin" });
  const [pending, setPending] = useState(false);
  const [method, setMethod] = useState<SignInState["method"]>(failed?.method ?? "pin");
  // A solution counts once: every attempt starts the challenge over.
  const [attempts, setAttempts] = useState(0);
  const tabsId = useId();
  const alertRef = useRef<HTMLDivElement>(null);

  // After a failed attempt, move focus to the message so keyboard users land
  // on what went wrong (role=alert already announces it).
  useEffect(() => {
    if (state.message) alertRef.current?.focus();
  }, [state]);

  // Back to this page from the next one (the browser's page cache): the form is ready again.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => event.persisted && setPending(false);
    window.addEventListener("pageshow", ready);
    return () => window.removeEventListener("pageshow", ready);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const fields = formFields(form);
    const sent = fields.get("method") === "password" ? "password" : "pin";
    setPending(true);
    try {
      const { location } = await fetchJson<SignInResponse>(signInRoute, { method: "POST", body: fields });
      window.location.assign(location);
    } catch (error) {
      // As after a plain form post: the PIN or password is gone, the user name stays.
      const secret = form.elements.namedItem(sent);
      if (secret instanceof HTMLInputElement) secret.value = "";
      setState({
        method: sent,
        username: fields.get("username") ?? state.username,
        message: sentence(error),
        fieldErrors: error instanceof PortalError ? error.fields : undefined,
        // Once asked for, the challenge stays: the limit it answers is still used up.
        challenge: state.challenge || asksForChallenge(error),
      });
      setAttempts((count) => count + 1);
      setPending(false);
    }
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTab(method, event.key);
    if (!next) return;
    event.preventDefault();
    setMethod(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-method="${next}"]`)?.focus();
  };

  const message = state.message ?? notice?.text;
  const tone = state.message ? "error" : (notice?.tone ?? "error");
  const hidden = <>{callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}</>;
  const challenge = state.challenge ? (
    <ChallengeField texts={challengeTexts} language={language} resetKey={attempts} />
  ) : null;

  return (
    <div className="flex flex-col gap-5">
      <div ref={alertRef} tabIndex={-1} className="outline-none empty:hidden">
        {message ? <Alert tone={tone}>{message}</Alert> : null}
      </div>

      <div
        role="tablist"
        aria-label={t("howToSignIn")}
        onKeyDown={onTabKey}
        className="grid grid-cols-2 gap-1 rounded-lg bg-surface-muted p-1"
      >
        {methods.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${tabsId}-${value}-tab`}
            aria-selected={method === value}
            aria-controls={`${tabsId}-${value}-panel`}
            // One stop in the Tab order: the arrow keys move between the tabs.
            tabIndex={method === value ? 0 : -1}
            data-method={value}
            onClick={() => setMethod(value)}
            className="min-h-11 rounded-md px-3 text-sm font-semibold text-fg-muted aria-selected:bg-surface aria-selected:text-fg aria-selected:underline aria-selected:decoration-2 aria-selected:underline-offset-4 aria-selected:shadow-sm"
          >
            {value === "pin" ? t("pinTab") : t("passwordTab")}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${tabsId}-${method}-panel`}
        aria-labelledby={`${tabsId}-${method}-tab`}
        tabIndex={0}
        className="pt-5"
      >
        {method === "pin" ? (
          <form action={signInRoute} method="post" onSubmit={onSubmit} className="flex flex-col gap-5">
            <input type="hidden" name="method" value="pin" />
            {hidden}
            {pinAlone ? null : (
              <UsernameField
                label={t("username")}
                defaultValue={state.username ?? ""}
                error={state.method === "pin" ? state.fieldErrors?.username : undefined}
              />
            )}
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
            {challenge}
            <SubmitButton pending={pending} />
            <p className="text-sm text-fg-muted">{t("noPinHint")}</p>
          </form>
        ) : (
          <form action={signInRoute} method="post" onSubmit={onSubmit} className="flex flex-col gap-5">
            <input type="hidden" name="method" value="password" />
            {hidden}
            <UsernameField
              label={t("username")}
              defaultValue={state.username ?? ""}
              error={state.method === "password" ? state.fieldErrors?.username : undefined}
            />
            <SecretField
              label={t("password")}
              showLabel={t("showPassword")}
              name="password"
              required
              autoComplete="current-password"
              error={state.method === "password" ? state.fieldErrors?.password : undefined}
            />
            {challenge}
            <SubmitButton pending={pending} />
          </form>
        )}
      </div>
    </div>
  );
}
