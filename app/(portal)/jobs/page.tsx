import type { Metadata } from "next";
import { JobsView } from "@/components/jobs/jobs-view";
import { IntlScope } from "@/components/providers/intl-scope";
import { IconScope } from "@/components/icons/icon-scope";
import { requireUser } from "@/lib/auth/current-session";
import { moneyOverviewPath } from "@/lib/browser-safe/account/read-paths";
import { jobListPath, printersPath } from "@/lib/browser-safe/jobs/list-path";
import { preloadRead } from "@/lib/http/preload-read";
import { serverTranslator } from "@/lib/i18n/server-translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("jobs");
  return { title: t("pageTitle") };
}

/** `?printer=<id>`: the page a printer's QR label opens, with "Release all" there. */
function printerOf(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

export default async function JobsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { printer } = await searchParams;
  const printerId = printerOf(printer);
  await requireUser(printerId === null ? "/jobs" : `/jobs?printer=${printerId}`);
  // What a person opens the page for: the waiting list's first page, and
  // the currency its costs are shown in (the rows wait for it). A printer's
  // label page shows that printer first ("Release all").
  preloadRead(jobListPath("waiting", 0));
  preloadRead(moneyOverviewPath);
  if (printerId !== null) preloadRead(printersPath);
  return (
    <IntlScope namespaces={["jobs"]}>
      <IconScope names={["printer", "delete", "star", "spinner", "check"]}>
        <JobsView printerId={printerId} />
      </IconScope>
    </IntlScope>
  );
}
