import type { Metadata } from "next";
import { ReportsView } from "@/components/reports/reports-view";
import { IconScope } from "@/components/icons/icon-scope";
import { IntlScope } from "@/components/providers/intl-scope";
import { requireUser } from "@/lib/auth/current-session";
import { reportListPath } from "@/lib/browser-safe/reports/list-path";
import { preloadRead } from "@/lib/http/preload-read";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { recentReportsKey } from "@/lib/reports/recent-reports-key";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("reports");
  return { title: t("pageTitle") };
}

export default async function ReportsPage() {
  const user = await requireUser("/reports");
  preloadRead(reportListPath);
  return (
    <IntlScope namespaces={["reports"]}>
      <IconScope names={["spinner", "play", "download", "retry"]}>
        <ReportsView storageKey={recentReportsKey(user.userId)} />
      </IconScope>
    </IntlScope>
  );
}
