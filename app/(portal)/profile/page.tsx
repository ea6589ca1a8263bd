import { PageHeading } from "@/components/layout/page-heading";
import type { Metadata } from "next";
import { ProfileView } from "@/components/profile/profile-view";
import { IntlScope } from "@/components/providers/intl-scope";
import { IconScope } from "@/components/icons/icon-scope";
import { requireUser } from "@/lib/auth/current-session";
import { ownProfilePath } from "@/lib/browser-safe/account/read-paths";
import { selfServiceSettingsPath } from "@/lib/browser-safe/profile/settings-path";
import { preloadRead } from "@/lib/http/preload-read";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { HydrateApart } from "@/components/layout/hydrate-apart";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("profile");
  return { title: t("pageTitle") };
}

export default async function ProfilePage() {
  await requireUser("/profile");
  // Every section waits for both: the person's details and what the server lets them change.
  preloadRead(ownProfilePath);
  preloadRead(selfServiceSettingsPath);
  const t = await serverTranslator("profile");
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      {/* "account": a section's problem and Retry (panel-problem.tsx). */}
      <IntlScope namespaces={["profile", "account"]}>
        <IconScope names={["copy", "show", "hide"]}>
          <HydrateApart>
            <ProfileView />
          </HydrateApart>
        </IconScope>
      </IntlScope>
    </div>
  );
}
