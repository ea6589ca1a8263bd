import "server-only";
import { createHash } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * The browser storage name of a user's "Recent reports": one per user and
 * print server, so another person on the same browser never sees the list.
 * A hash, so the user's id is not spelled out in the page.
 */
export function recentReportsKey(userId: number): string {
  const digest = createHash("sha256").update(`${getEnv().PRINT_SERVER_URL}\n${userId}`).digest("base64url");
  return `print-portal.recent-reports.${digest.slice(0, 22)}`;
}
