import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EmbedHeightReporter } from "@/components/layout/embed-height-reporter";
import { CookieGate } from "@/components/sign-in/cookie-gate";
import { IconScope } from "@/components/icons/icon-scope";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { SingleSignOnLink } from "@/components/sign-in/single-sign-on-link";
import { signOnProblems } from "@/lib/browser-safe/sign-on-problems";
import { getEnv } from "@/lib/env";
import { currentSession, isStoreOutage, type SessionState } from "@/lib/auth/current-session";
import { endedReason, safeCallbackPath, unavailableReason } from "@/lib/browser-safe/sign-in-path";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { ForgetDrafts } from "@/components/session/forget-drafts";
import { ThemeSwitch } from "@/components/layout/theme-switch";
import { WholeFirstPaint } from "@/components/layout/whole-first-paint";
import { embedParam, withEmbed, withoutEmbed } from "@/lib/browser-safe/embed-mode";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorSentence } from "@/lib/i18n/error-sentence";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { failureStateFromQuery } from "@/lib/auth/sign-in-failure";
import { headers } from "next/headers";
import { attemptSource } from "@/lib/auth/attempt-source";
import { pinAloneAllowed } from "@/lib/auth/pin-alone";
import type { ChallengeTexts } from "@/components/challenge/challenge-field";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("signIn");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const embedded = first(params[embedParam]) === "1";
  // Framed, the page after sign-in stays framed too.
  const callbackPath = withEmbed(safeCallbackPath(first(params.callbackUrl)), embedded);
  // The state store (Redis) out: the form with a "try again in a moment", never an error page.
  const state = await currentSession().catch((error: unknown): SessionState | "store out" => {
    if (!isStoreOutage(error)) throw error;
    return "store out";
  });
  const storeOut = state === "store out";
  if (state !== "store out" && state.status === "active") redirect(callbackPath);

  const [locale, t, app] = await Promise.all([requestLocale(), serverTranslator("signIn"), serverTranslator("app")]);
  const signedOut = Boolean(first(params.signedOut));
  const ended = first(params.reason) === endedReason || (state !== "store out" && state.status === "ended");
  const signOnProblem = signOnProblems.find((problem) => problem === first(params.signOnError));
  const notice = signOnProblem
    ? { text: t(`signOn.${signOnProblem}`), tone: "error" as const }
    : storeOut || first(params.reason) === unavailableReason
      ? { text: errorSentence(new PortalError("unavailable"), locale), tone: "error" as const }
      : ended
        ? { text: errorSentence(new PortalError("session_ended"), locale), tone: "error" as const }
        : signedOut
          ? { text: t("signedOut"), tone: "info" as const }
          : undefined;

  const unframedPath = withoutEmbed(callbackPath);
  const singleSignOn = getEnv().PORTAL_SINGLE_SIGN_ON ? (
    <div className="mt-6 flex flex-col gap-4">
      <p className="flex items-center gap-3 text-sm text-fg-muted before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        {t("or")}
      </p>
      <SingleSignOnLink
        href={`/api/auth/sign-on${unframedPath === "/" ? "" : `?callbackUrl=${encodeURIComponent(unframedPath)}`}`}
        label={t("singleSignOn")}
        hint={embedded ? t("singleSignOnNewTab") : t("singleSignOnHint")}
        newTab={embedded}
      />
    </div>
  ) : null;

  // A failed attempt without JavaScript comes back here, its URL naming what went wrong.
  const failed = failureStateFromQuery(
    Object.fromEntries(Object.entries(params).map(([name, value]) => [name, first(value)])),
    locale,
  );
  // PIN alone only where PORTAL_PIN_ALONE_NETWORKS offers it; the route checks again.
  const pinAlone = pinAloneAllowed(attemptSource(await headers()).address, getEnv().PORTAL_PIN_ALONE_NETWORKS);
  const challengeTexts: ChallengeTexts = {
    label: t("challenge.label"),
    hint: t("challenge.hint"),
    verifying: t("challenge.verifying"),
    verified: t("challenge.verified"),
    error: t("challenge.error"),
    expired: t("challenge.expired"),
    verificationRequired: t("challenge.verificationRequired"),
    waitAlert: t("challenge.waitAlert"),
    noScript: t("challenge.noScript"),
  };
  const form = (
    <SignInForm
      callbackUrl={callbackPath === "/" ? undefined : callbackPath}
      notice={notice}
      failed={failed}
      pinAlone={pinAlone}
      language={locale}
      challengeTexts={challengeTexts}
    />
  );
  return (
    <main
      className={
        embedded ? "flex justify-center p-3" : "flex min-h-dvh items-start justify-center px-4 py-10 sm:items-center"
      }
    >
      <div
        className={
          embedded
            ? "w-full max-w-md"
            : "w-full max-w-md rounded-[var(--radius)] border border-border bg-surface p-6 shadow-sm sm:p-8"
        }
      >
        {embedded ? null : (
          <p className="mb-1 text-sm font-semibold uppercase tracking-wide text-accent">{app("name")}</p>
        )}
        <h1 className={embedded ? "mb-4 text-xl font-bold" : "mb-6 text-2xl font-bold"}>{t("title")}</h1>
        {/* The form's spinner and show/hide, and the frame's "open in a new tab", drawn here (no icon code in the page). */}
        <IconScope names={["spinner", "show", "hide", "externalLink"]}>
          <CookieGate newTabHref={embedded ? withoutEmbed(callbackPath) : undefined}>{form}</CookieGate>
        </IconScope>
        {singleSignOn}
        <div className="mt-6 flex flex-col gap-4 border-t border-border pt-4">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
      {embedded ? <EmbedHeightReporter /> : null}
      {signedOut ? <ForgetDrafts /> : null}
      <WholeFirstPaint />
    </main>
  );
}
