"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SecretField } from "@/components/ui/secret-field";
import { Alert } from "@/components/ui/alert";
import { Icon } from "@/components/icons/icon-provider";
import { Button } from "@/components/ui/button";
import { FormFailure, useFormErrors } from "@/components/ui/form-errors";
import { useNewPin } from "@/hooks/use-self-service";
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

/** "Get a new PIN": who you are again, then the PIN once. Hidden, with the reason, when the server forbids it. */
export function NewPin({ allowed }: { allowed: boolean }) {
  const t = useTranslations("profile.pin");
  const check = useFieldCheck();
  const newPin = useNewPin();
  const { fieldErrors, setFieldErrors, refused, failureOf } = useFormErrors(proofFields);
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>("pin");
  const [secret, setSecret] = useState("");
  const start = useRef<HTMLButtonElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // "Get a new PIN" makes way for its form: the focus goes to the form's heading, not to the top of the page.
  useEffect(() => {
    if (open) formHeading.current?.focus();
  }, [open]);

  if (!allowed || (newPin.error instanceof PortalError && newPin.error.code === "not_allowed"))
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPin.isPending) return;
    const proof = method === "pin" ? { method, pin: secret } : { method, password: secret };
    const checked = await check(loadNewPinRequest, proof);
    if (!checked) return;
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    newPin.mutate(checked.data, { onSuccess: () => setSecret(""), onError: refused });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h3 ref={formHeading} tabIndex={-1} className="text-lg font-semibold">
        {t("confirmHeading")}
      </h3>
      <p>{t("confirmIntro")}</p>
      <FormFailure error={failureOf(newPin.error)} lead={t("failed")} />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 font-medium">{t("proofMethod")}</legend>
        {(["pin", "password"] as const).map((choice) => (
          <label key={choice} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="proofMethod"
              value={choice}
              checked={method === choice}
              onChange={() => {
                setMethod(choice);
                setSecret("");
                setFieldErrors({});
              }}
              className="size-5"
            />
            {choice === "pin" ? t("withPin") : t("withPassword")}
          </label>
        ))}
      </fieldset>
      {method === "pin" ? (
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
