// A state-changing request must come from the portal's own pages. Browsers
// send Sec-Fetch-Site (and Origin on POST), so a page on another site cannot
// make a signed-in person start reports. Non-browser callers send neither and
// still need the session cookie.

export function isCrossSiteRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin";
  const origin = headers.get("origin");
  if (origin === null) return false;
  return !allowedOrigins.includes(origin);
}
