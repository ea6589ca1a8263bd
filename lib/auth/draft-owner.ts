import "server-only";
import { createHmac } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * Whose form drafts a tab holds (components/session/form-drafts.tsx): a tag
 * per person and print server, keyed with AUTH_SECRET so that it names nobody.
 */
export function draftOwner(userId: number): string {
  const env = getEnv();
  return createHmac("sha256", env.AUTH_SECRET)
    .update(`form drafts\n${env.PRINT_SERVER_URL}\n${userId}`)
    .digest("base64url")
    .slice(0, 22);
}
