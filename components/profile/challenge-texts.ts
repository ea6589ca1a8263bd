import type { ChallengeTexts } from "@/components/challenge/challenge-field";

// The browser check's sentences from a form's own namespace (its `challenge`
// block), so each form says why it asks.

export function challengeTexts(t: (key: keyof ChallengeTexts) => string): ChallengeTexts {
  return {
    label: t("label"),
    hint: t("hint"),
    verifying: t("verifying"),
    verified: t("verified"),
    error: t("error"),
    expired: t("expired"),
    verificationRequired: t("verificationRequired"),
    waitAlert: t("waitAlert"),
    noScript: t("noScript"),
  };
}
