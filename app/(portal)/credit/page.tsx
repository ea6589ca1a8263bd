import type { Metadata } from "next";
import { PageHeading } from "@/components/layout/page-heading";
import { CreditView } from "@/components/credit/credit-view";
import { IntlScope } from "@/components/providers/intl-scope";
import { IconScope } from "@/components/icons/icon-scope";
import { requireUser } from "@/lib/auth/current-session";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { HydrateApart } from "@/components/layout/hydrate-apart";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("credit");
  return { title: t("pageTitle") };
}

export default async function CreditPage() {
  await requireUser("/credit");
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
