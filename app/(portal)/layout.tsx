import { Suspense, type ReactNode } from "react";
import { EmbedHeightReporter } from "@/components/layout/embed-height-reporter";
import { EmbedProvider } from "@/components/providers/embed-provider";
import { IntlScope } from "@/components/providers/intl-scope";
import { QueryProvider } from "@/components/providers/query-provider";
import { IconScope } from "@/components/icons/icon-scope";
import { BottomNav, HeaderNav } from "@/components/layout/portal-nav";
import { SiteHeader } from "@/components/layout/site-header";
import { UserMenu } from "@/components/layout/user-menu";
import { ReportWatch } from "@/components/reports/report-watch";
import { reportNoticeTexts } from "@/components/reports/report-notice-texts";
import { FormDrafts } from "@/components/session/form-drafts";
import { SessionEndWarning } from "@/components/session/session-end-warning";
import { currentSession, requireUser } from "@/lib/auth/current-session";
import { draftOwner } from "@/lib/auth/draft-owner";
import { sessionStatusOf } from "@/lib/auth/session-end";
import { getEnv } from "@/lib/env";
import { isEmbedPath } from "@/lib/browser-safe/embed-mode";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { recentReportsKey } from "@/lib/reports/recent-reports-key";
import { requestedPath } from "@/lib/request-path";
import { HydrateApart } from "@/components/layout/hydrate-apart";
import { WholeFirstPaint } from "@/components/layout/whole-first-paint";

/**
 * The page comes with when the session ends only while that is further off
 * than this, well before the warning's two minutes (hooks/use-session-end.ts),
 * so the warning is never part of the server's HTML (its card loads apart).
 * Closer to the end, the browser asks /api/session.
 */
const statusWithPageAboveSeconds = 300;

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const path = await requestedPath();
  const user = await requireUser(path);
  // When the session ends, from the lookup requireUser made (React's cache()):
  // the warning knows it with the page instead of asking /api/session.
  const session = await currentSession();
  const status = session.status === "active" ? sessionStatusOf(session, getEnv().SESSION_MAX_LIFETIME) : undefined;
  const sessionStatus = status?.signedIn && status.secondsLeft > statusWithPageAboveSeconds ? status : undefined;
  const t = await serverTranslator("app");
  const embedded = isEmbedPath(path);
  // The texts and icons of the layout's own client parts: the report notice and the session-end warning.
  // One query cache for the tab, kept as the person moves between pages.
  return (
    <QueryProvider>
      <IntlScope namespaces={["session"]} some={reportNoticeTexts}>
        <IconScope names={["ready", "close", "clock"]}>
          <EmbedProvider embedded={embedded}>
            <div className={embedded ? "flex flex-col" : "flex min-h-dvh flex-col"}>
              <a
                href="#main"
                className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-30 focus:rounded-lg focus:bg-surface focus:p-3"
              >
                {t("skipToContent")}
              </a>
              {embedded ? (
                // In an intranet frame the intranet is the site: no product header
                // or phone bar, only the sections and the user menu in one slim row.
                <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-2 py-1">
                  <HeaderNav embedded />
                  <UserMenu fullName={user.fullName} username={user.username} />
                </div>
              ) : (
                <SiteHeader fullName={user.fullName} username={user.username} />
              )}
              <main
                id="main"
                className={
                  embedded ? "w-full px-3 pb-4 pt-4" : "mx-auto w-full max-w-4xl flex-1 px-4 pb-24 pt-6 lg:pb-10"
                }
              >
                {children}
              </main>
              {embedded ? <EmbedHeightReporter /> : <BottomNav />}
              <WholeFirstPaint />
              <HydrateApart>
                <ReportWatch storageKey={recentReportsKey(user.userId)} />
              </HydrateApart>
              <HydrateApart>
                <SessionEndWarning initial={sessionStatus} />
              </HydrateApart>
              <Suspense fallback={null}>
                <FormDrafts owner={draftOwner(user.userId)} />
              </Suspense>
            </div>
          </EmbedProvider>
        </IconScope>
      </IntlScope>
    </QueryProvider>
  );
}
