import "server-only";

/**
 * Request header in which proxy.ts passes the requested path (with query) to
 * layouts, which cannot read the URL themselves. The proxy always overwrites
 * it, so a client cannot choose it.
 */
export const requestPathHeader = "x-portal-path";
