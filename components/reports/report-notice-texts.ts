import type { SomeTexts } from "@/lib/i18n/messages";

/**
 * The texts of the reports namespace that the report notice and the tab's
 * title use (report-notice.tsx, hooks/use-ready-title.ts): all the portal
 * layout sends of it, rather than the whole namespace with every page.
 * The Reports page sends the rest itself.
 */
export const reportNoticeTexts = {
  reports: ["readyNotice", "failedNotice", "download", "openReports", "dismiss", "readyTitlePrefix"],
} as const satisfies SomeTexts;
