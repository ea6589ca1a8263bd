import type { Metadata } from "next";
import { AccountOverview } from "@/components/account/account-overview";
import { IntlScope } from "@/components/providers/intl-scope";
import { IconScope } from "@/components/icons/icon-scope";
import { accountOverviewStart } from "@/lib/account/first-paint";
import { requireUser } from "@/lib/auth/current-session";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { HydrateApart } from "@/components/layout/hydrate-apart";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("home");
  return { title: t("title") };
}

// The home page greets the person; the account overview (balance, accounts,
// profile) is added below the greeting by components/account/, with the
// figures read while the page is rendered (lib/account/first-paint.ts).
export default async function HomePage() {
  const user = await requireUser("/");
  const [t, start] = await Promise.all([serverTranslator("home"), accountOverviewStart()]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t("greeting", { name: user.fullName })}</h1>
      <IntlScope namespaces={["account"]}>
        <IconScope names={["refresh"]}>
          <HydrateApart>
            <AccountOverview start={start} />
          </HydrateApart>
        </IconScope>
      </IntlScope>
    </div>
  );
}
