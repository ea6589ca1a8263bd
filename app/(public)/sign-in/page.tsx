import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { currentSession } from "@/lib/auth/current-session";
import { endedReason, safeCallbackPath } from "@/lib/auth/sign-in-path";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { userMessage } from "@/lib/errors";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { signInAction } from "./actions";

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
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  const state = await currentSession();
  if (state.status === "active") redirect(callbackPath);

  const [locale, t, app] = await Promise.all([requestLocale(), serverTranslator("signIn"), serverTranslator("app")]);
  const ended = first(params.reason) === endedReason || state.status === "ended";
  const notice = ended
    ? { text: userMessage("session_ended", undefined, locale), tone: "error" as const }
    : first(params.signedOut)
      ? { text: t("signedOut"), tone: "info" as const }
      : undefined;

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-[var(--radius)] border border-border bg-surface p-6 shadow-sm sm:p-8">
        <p className="mb-1 text-sm font-semibold uppercase tracking-wide text-accent">{app("name")}</p>
        <h1 className="mb-6 text-2xl font-bold">{t("title")}</h1>
        <SignInForm action={signInAction} callbackUrl={callbackPath === "/" ? undefined : callbackPath} notice={notice} />
        <div className="mt-6 border-t border-border pt-4">
          <LanguageSwitch />
        </div>
      </div>
    </main>
  );
}
