import type { Metadata } from "next";
import { FilesView } from "@/components/files/files-view";
import { PageHeading } from "@/components/layout/page-heading";
import { IconScope } from "@/components/icons/icon-scope";
import { IntlScope } from "@/components/providers/intl-scope";
import { requireUser } from "@/lib/auth/current-session";
import { filesFirstPaint } from "@/lib/files/portal-files";
import { serverTranslator } from "@/lib/i18n/server-translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("files");
  return { title: t("pageTitle") };
}

/** Files to print at any printer (Easy Print) and scans to pick up (Easy Scan). */
export default async function FilesPage() {
  const user = await requireUser("/files");
  const t = await serverTranslator("files");
  // The lists come with the page (a read of the portal's own disk), so nothing moves as it comes.
  const initial = await filesFirstPaint(user.username);
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={t("pageTitle")} intro={t("pageIntro")} />
      <IntlScope namespaces={["files"]}>
        <IconScope names={["upload", "delete", "download"]}>
          <FilesView initial={initial} />
        </IconScope>
      </IntlScope>
    </div>
  );
}
