import type { Metadata } from "next";
import { PageHeading } from "@/components/layout/page-heading";
import { CreditView } from "@/components/credit/credit-view";
import { IntlScope } from "@/components/providers/intl-scope";
import { IconScope } from "@/components/icons/icon-scope";
import { requireUser } from "@/lib/auth/current-session";
import { moneyOverviewPath } from "@/lib/browser-safe/account/read-paths";
import {
  balanceHistoryPath,
  defaultStatementFilter,
  statementPath,
  vouchersPath,
} from "@/lib/browser-safe/credit/read-paths";
import { preloadRead } from "@/lib/http/preload-read";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { HydrateApart } from "@/components/layout/hydrate-apart";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("credit");
  return { title: t("pageTitle") };
}

export default async function CreditPage() {
  await requireUser("/credit");
  // The balance, and the statement, chart and voucher offer as they first
  // show: the page reads these only once the balance has answered, and would
  // otherwise start them a round trip later (the voucher section shows its
  // field only once the offer has answered). A server without credit answers
  // the statement and chart cheaply ("not offered").
  preloadRead(moneyOverviewPath);
  preloadRead(statementPath(defaultStatementFilter, 1));
  preloadRead(balanceHistoryPath(defaultStatementFilter.days));
  preloadRead(vouchersPath);
  const t = await serverTranslator("credit");
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      {/* "account": the balance's problem and Retry (panel-problem.tsx). */}
      <IntlScope namespaces={["credit", "account"]}>
        <IconScope names={["download"]}>
          <HydrateApart>
            <CreditView />
          </HydrateApart>
        </IconScope>
      </IntlScope>
    </div>
  );
}
