import { headers } from "next/headers";
import type { ReactNode } from "react";
import { BottomNav } from "@/components/layout/main-nav";
import { SiteHeader } from "@/components/layout/site-header";
import { ReportWatcher } from "@/components/reports/report-watcher";
import { requireSession } from "@/lib/auth/current-session";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { recentReportsKey } from "@/lib/reports/recent-reports-key";
import { requestPathHeader } from "@/lib/request-path";
import { signOutAction } from "./sign-out-action";

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const path = (await headers()).get(requestPathHeader) ?? "/";
  const { session } = await requireSession(path);
  const t = await serverTranslator("app");
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-30 focus:rounded-lg focus:bg-surface focus:p-3">
        {t("skipToContent")}
      </a>
      <SiteHeader fullName={session.fullName} username={session.username} signOut={signOutAction} />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 pb-24 pt-6 sm:pb-10">
        {children}
      </main>
      <BottomNav />
      <ReportWatcher storageKey={recentReportsKey(session.userId)} />
    </div>
  );
}
