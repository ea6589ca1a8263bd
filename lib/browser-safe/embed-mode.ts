// The compact layout for intranet frames is asked for with `?embed=1`. It
// lives in the URL (not a cookie), so the same browser can use the portal
// framed and on its own at once; every portal link and redirect carries the
// parameter on, so the mode survives navigation and reloads.

export const embedParam = "embed";

/** True for a path or query string that asks for the compact layout. */
export function isEmbedPath(pathWithQuery: string | null | undefined): boolean {
  if (!pathWithQuery) return false;
  const query = pathWithQuery.includes("?") ? pathWithQuery.slice(pathWithQuery.indexOf("?") + 1) : "";
  return new URLSearchParams(query.split("#")[0]).get(embedParam) === "1";
}

/** The same-site href with `embed=1` added when embedded (hash kept last). */
export function withEmbed(href: string, embedded: boolean): string {
  if (!embedded || !href.startsWith("/") || isEmbedPath(href)) return href;
  const hashAt = href.indexOf("#");
  const [base, hash] = hashAt === -1 ? [href, ""] : [href.slice(0, hashAt), href.slice(hashAt)];
  return `${base}${base.includes("?") ? "&" : "?"}${embedParam}=1${hash}`;
}

/** The same page for a tab of its own: without `embed=1`. */
export function withoutEmbed(href: string): string {
  const url = new URL(href, "http://portal.invalid");
  url.searchParams.delete(embedParam);
  const relative = `${url.pathname}${url.search}${url.hash}`;
  return href.startsWith("/") ? relative : new URL(relative, href).toString();
}
