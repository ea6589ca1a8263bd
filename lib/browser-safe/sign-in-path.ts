// Where to send someone who must sign in, and where to send them back after.
// Only same-site paths are accepted as a destination (no open redirect).

export const endedReason = "session_ended";

export function safeCallbackPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  try {
    // Resolving against a dummy origin removes tricks such as "/\t/evil".
    const url = new URL(value, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid") return "/";
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("/sign-in") ? "/" : path;
  } catch {
    return "/";
  }
}

export function signInPath(callbackPath: string, ended = false): string {
  const params = new URLSearchParams();
  const target = safeCallbackPath(callbackPath);
  if (target !== "/") params.set("callbackUrl", target);
  if (ended) params.set("reason", endedReason);
  const query = params.toString();
  return query ? `/sign-in?${query}` : "/sign-in";
}

/** In the browser: sign-in after the session ended, coming back to the page shown now. */
export function signInAgainPath(): string {
  const here = typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
  return signInPath(here, true);
}
