"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormSkeleton } from "@/components/account/form-skeleton";
import { PanelSection } from "@/components/account/panel-section";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure, useFormErrors } from "@/components/ui/form-errors";
import { TextField } from "@/components/ui/text-field";
import { useRedeemVoucher, useVoucherAvailability } from "@/hooks/use-credit";
import { formatMoney } from "@/lib/browser-safe/money-format";
import { newRequestId } from "@/lib/browser-safe/request-id";
import { useFieldCheck } from "@/components/profile/field-sentence";
import { ChallengeField } from "@/components/challenge/challenge-field";
import { challengeTexts } from "@/components/profile/challenge-texts";
import { challengeFieldName } from "@/lib/browser-safe/challenge";
import { PortalError } from "@/lib/browser-safe/errors";

const voucherFields = ["code"] as const;

/** The portal asks for a solved challenge before this try (too many wrong codes). */
const wantsChallenge = (error: unknown) =>
  error instanceof PortalError && (error.code === "challenge_required" || error.code === "challenge_failed");
const loadVoucherRequest = async () => (await import("@/app/api/credit/vouchers/schema")).voucherRequest;

/**
 * Add credit: a paste-friendly voucher field, then the new balance; the code
 * stays on any error. After too many wrong codes the field is joined by the
 * browser check (a proof-of-work challenge), which every further try needs. A redeemed voucher has the balance, statement and chart
 * read again (useRedeemVoucher).
 */
export function VoucherSection({ currency, locale }: { currency: string; locale: string }) {
  const t = useTranslations("credit.voucher");
  const tChallenge = useTranslations("credit.voucher.challenge");
  const check = useFieldCheck();
  const availability = useVoucherAvailability();
  const redeem = useRedeemVoucher();
  const [code, setCode] = useState("");
  const { fieldErrors, setFieldErrors, refused, failureOf } = useFormErrors(voucherFields);
  // One id per press: a double submit repeats it, and the voucher is redeemed once.
  const [requestId, setRequestId] = useState(newRequestId);
  // After too many wrong codes each try carries a solved challenge, a fresh one each time.
  const [challenge, setChallenge] = useState({ shown: false, round: 0 });

  // The field shows only once the server says it takes vouchers (or could
  // not say: then a redeem says what is wrong), never a field that then
  // gives way to "cannot be used here".
  if (availability.isPending)
    return (
      <PanelSection title={t("heading")} busy>
        <FormSkeleton fields={1} hints={[t("codeHint")]} loading={t("checking")} />
      </PanelSection>
    );
  if (availability.data?.available === false)
    return (
      <PanelSection title={t("heading")} busy={false}>
        <Alert tone="info">{t("unavailable")}</Alert>
      </PanelSection>
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redeem.isPending) return;
    const solved = new FormData(event.currentTarget).get(challengeFieldName);
    const altcha = typeof solved === "string" && solved ? solved : undefined;
    const checked = await check(loadVoucherRequest, { code, requestId, altcha });
    if (!checked) return;
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    redeem.mutate(checked.data, {
      onSuccess: () => {
        setCode("");
        setRequestId(newRequestId());
      },
      onError: (error) => {
        setRequestId(newRequestId());
        refused(error);
      },
      onSettled: (_data, error) => {
        // A solution counts once: a new try gets a new challenge.
        if (altcha || wantsChallenge(error))
          setChallenge((before) => ({ shown: before.shown || wantsChallenge(error), round: before.round + 1 }));
      },
    });
  };

  const result = redeem.data;
  return (
    <PanelSection title={t("heading")} busy={redeem.isPending}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormFailure error={failureOf(redeem.error)} lead={t("failed")} />
        <TextField
          label={t("code")}
          hint={t("codeHint")}
          name="voucherCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldErrors.code}
          className="font-mono sm:max-w-sm"
        />
        {challenge.shown && (
          <ChallengeField texts={challengeTexts(tChallenge)} language={locale} resetKey={challenge.round} />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" aria-disabled={redeem.isPending}>
            {t("submit")}
          </Button>
          <p role="status" className="font-medium">
            {result && !redeem.isPending
              ? result.added === null
                ? t("addedAgain")
                : result.balance === null
                  ? t("addedOnly", { amount: formatMoney(result.added, currency, locale) })
                  : t("added", {
                      amount: formatMoney(result.added, currency, locale),
                      balance: formatMoney(result.balance, currency, locale),
                    })
              : ""}
          </p>
        </div>
      </form>
    </PanelSection>
  );
}
