import "server-only";
import { headers } from "next/headers";

/**
 * Request header in which proxy.ts passes the requested path (with query) to
 * layouts, which cannot read the URL themselves. The proxy always overwrites
 * it, so a client cannot choose it.
 */
export const requestPathHeader = "x-portal-path";

/** The path (with query) of the page being rendered, as proxy.ts passed it. */
export async function requestedPath(): Promise<string> {
  return (await headers()).get(requestPathHeader) ?? "/";
}
