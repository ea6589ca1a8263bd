import type { Metadata } from "next";
import { ReportsView } from "@/components/reports/reports-view";
import { requireSession } from "@/lib/auth/current-session";
import { recentReportsKey } from "@/lib/reports/recent-reports-key";
import { reportMessages as m } from "@/lib/reports/messages";

export const metadata: Metadata = { title: m.pageTitle };

export default async function ReportsPage() {
  const { session } = await requireSession("/reports");
  return <ReportsView storageKey={recentReportsKey(session.userId)} />;
}
