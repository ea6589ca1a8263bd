import type { Metadata } from "next";
import { DevicesView } from "@/components/devices/devices-view";
import { PageHeading } from "@/components/layout/page-heading";
import { IntlScope } from "@/components/providers/intl-scope";
import { currentSession, requireUser } from "@/lib/auth/current-session";
import { devicesFirstPaint } from "@/lib/devices/devices-service";
import { serverTranslator } from "@/lib/i18n/server-translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("devices");
  return { title: t("pageTitle") };
}

/** Where I am signed in now (with "Sign out" for each), and my sign-in attempts of the last 30 days. */
export default async function DevicesPage() {
  await requireUser("/devices");
  const t = await serverTranslator("devices");
  // Read from the state store with the page, so nothing moves as it comes.
  const initial = await devicesFirstPaint(await currentSession());
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      <IntlScope namespaces={["devices"]}>
        <DevicesView initial={initial} />
      </IntlScope>
    </div>
  );
}
