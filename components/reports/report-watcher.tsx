import { IntlScope } from "@/lib/i18n/intl-scope";
import { ReportWatcherLive } from "./report-watcher-live";

/** Mounted once in the portal layout: watches reports on every page (see ReportWatcherLive). */
export function ReportWatcher({ storageKey }: { storageKey: string }) {
  return (
    <IntlScope namespaces={["reports"]}>
      <ReportWatcherLive storageKey={storageKey} />
    </IntlScope>
  );
}
