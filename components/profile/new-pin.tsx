"use client";

import { useLocale, useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SecretField } from "@/components/ui/secret-field";
import { Alert } from "@/components/ui/alert";
import { Icon } from "@/components/icons/icon-provider";
import { Button } from "@/components/ui/button";
import { FormFailure, useFormErrors } from "@/components/ui/form-errors";
import { useNewPin, useNewPinProof } from "@/hooks/use-self-service";
import { ChallengeField } from "@/components/challenge/challenge-field";
import { challengeFieldName } from "@/lib/browser-safe/challenge";
import { signOutRoute } from "@/lib/browser-safe/form-routes";
import { challengeTexts } from "./challenge-texts";
import { PortalError } from "@/lib/browser-safe/errors";
import { useFieldCheck } from "./field-sentence";

type Method = "pin" | "password";
const proofFields = ["pin", "password"] as const;
// The route's own schema, loaded when the form is sent (field-sentence.ts).
const loadNewPinRequest = async () => (await import("@/app/api/profile/pin/schema")).newPinRequest;

/** The new PIN, once: large, with Copy, and the note that the old one is gone. */
function ShownPin({ pin, onDone }: { pin: string; onDone: () => void }) {
  const t = useTranslations("profile.pin");
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () =>
    navigator.clipboard.writeText(pin).then(
      () => setCopyState("copied"),
      () => setCopyState("failed"),
    );
  return (
    <div className="flex flex-col items-start gap-3">
      <p ref={heading} tabIndex={-1} id="new-pin-label" className="font-medium">
        {t("newPinLabel")}
      </p>
      <output
        aria-labelledby="new-pin-label"
        className="select-all font-mono text-5xl font-bold tracking-[0.25em] break-all"
        data-testid="new-pin"
      >
        {pin}
      </output>
      <Alert tone="info">{t("shownOnce")}</Alert>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Icon name="copy" className="size-5" />
          {t("copy")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("done")}
        </Button>
        <p role="status">{copyState === "copied" ? t("copied") : copyState === "failed" ? t("copyFailed") : ""}</p>
      </div>
    </div>
  );
}

/** Sign out and in again, back to this page: a PIN-only person's new PIN needs a fresh sign-in. */
function SignInAgain() {
  const t = useTranslations("profile.newPin");
  const returnTo = usePathname();
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="info">{t("signInAgain")}</Alert>
      <form action={signOutRoute} method="post">
        <input type="hidden" name="returnTo" value={returnTo} />
        <Button type="submit">{t("signInAgainButton")}</Button>
      </form>
    </div>
  );
}

/**
 * "Get a new PIN": who you are again, then the PIN once. The server says
 * which proof: the password for a person who has one; else the current PIN
 * and the browser check, after a sign-in of the last few minutes. Hidden,
 * with the reason, when the server forbids it.
 */
export function NewPin({ allowed }: { allowed: boolean }) {
  const t = useTranslations("profile.pin");
  const tNew = useTranslations("profile.newPin");
  const tChallenge = useTranslations("profile.newPin.challenge");
  const locale = useLocale();
  const check = useFieldCheck();
  const newPin = useNewPin();
  const { fieldErrors, setFieldErrors, refused, failureOf } = useFormErrors(proofFields);
  const [open, setOpen] = useState(false);
  const needed = useNewPinProof(open && allowed);
  const [secret, setSecret] = useState("");
  // A solution counts once: every try gets a fresh challenge.
  const [challengeRound, setChallengeRound] = useState(0);
  // A password proof needs the browser check only once too many wrong passwords asked for it.
  const [checkAsked, setCheckAsked] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // "Get a new PIN" makes way for its form: the focus goes to the form's heading, not to the top of the page.
  useEffect(() => {
    if (open && needed.data) formHeading.current?.focus();
  }, [open, needed.data]);

  const refusedSignIn = newPin.error instanceof PortalError && newPin.error.field === "signIn";
  if (!allowed || (newPin.error instanceof PortalError && newPin.error.code === "not_allowed" && !refusedSignIn))
    return <Alert tone="info">{t("notAllowed")}</Alert>;

  const close = () => {
    // The PIN leaves the page's memory with the result.
    newPin.reset();
    setSecret("");
    setFieldErrors({});
    setOpen(false);
    requestAnimationFrame(() => start.current?.focus());
  };

  if (newPin.data) return <ShownPin pin={newPin.data} onDone={close} />;

  if (!open)
    return (
      <div>
        <Button ref={start} type="button" onClick={() => setOpen(true)}>
          {t("getNew")}
        </Button>
      </div>
    );

  if (!needed.data)
    return needed.error ? (
      <div className="flex flex-col items-start gap-3">
        <FormFailure error={needed.error} lead={t("failed")} />
        <Button type="button" variant="secondary" onClick={() => void needed.refetch()}>
          {tNew("retry")}
        </Button>
      </div>
    ) : (
      <p role="status">{tNew("checking")}</p>
    );

  const proof = needed.data;
  if (refusedSignIn || (proof.proof === "pin" && proof.signInAgain)) return <SignInAgain />;
  const method: Method = proof.proof;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPin.isPending) return;
    const solved = new FormData(event.currentTarget).get(challengeFieldName);
    const altcha = typeof solved === "string" && solved ? solved : undefined;
    const sent = method === "pin" ? { method, pin: secret, altcha } : { method, password: secret, altcha };
    const checked = await check(loadNewPinRequest, sent);
    if (!checked) return;
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    newPin.mutate(checked.data, {
      onSuccess: () => setSecret(""),
      onError: (error) => {
        refused(error);
        if (error instanceof PortalError && (error.code === "challenge_required" || error.code === "challenge_failed"))
          setCheckAsked(true);
        // The proof asked for may have changed meanwhile (a password set, a sign-in aged).
        void needed.refetch();
      },
      onSettled: () => setChallengeRound((round) => round + 1),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h3 ref={formHeading} tabIndex={-1} className="text-lg font-semibold">
        {t("confirmHeading")}
      </h3>
      <p>{method === "pin" ? tNew("introPin") : tNew("introPassword")}</p>
      <FormFailure error={failureOf(newPin.error)} lead={t("failed")} />
      {method === "pin" ? (
        <>
          <SecretField
            key="pin"
            label={t("currentPin")}
            showLabel={t("showPin")}
            name="currentPin"
            inputMode="numeric"
            autoComplete="off"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            error={fieldErrors.pin}
            large
          />
          <ChallengeField texts={challengeTexts(tChallenge)} language={locale} resetKey={challengeRound} />
        </>
      ) : (
        <SecretField
          key="password"
          label={t("password")}
          showLabel={t("showPassword")}
          name="password"
          autoComplete="current-password"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={fieldErrors.password}
        />
      )}
      {method === "password" && checkAsked && (
        <ChallengeField texts={challengeTexts(tChallenge)} language={locale} resetKey={challengeRound} />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={newPin.isPending}>
          {t("confirm")}
        </Button>
        <Button type="button" variant="secondary" onClick={close}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
