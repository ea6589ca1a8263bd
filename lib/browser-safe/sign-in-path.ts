// Where to send someone who must sign in, and where to send them back after.
// Only same-site paths are accepted as a destination (no open redirect).

export const endedReason = "session_ended";
/** The portal's state store was out: nothing ended, the person is asked to try again. */
export const unavailableReason = "unavailable";
/** `signedOut` after a sign-out while the state store was out: this browser is signed out, the stored session ends once it is back. */
export const signedOutStoreOut = "store-out";

/** A path of the portal itself (with query and hash), or "/" for anything else: no open redirect. */
export function portalPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  try {
    // Resolving against a dummy origin removes tricks such as "/\t/evil".
    const url = new URL(value, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid") return "/";
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Resolving also collapses dot segments ("/.//evil", "/%2e//evil",
    // "/a/..//evil", "/./\\evil"), which can leave "//evil": another site's address.
    return path.startsWith("//") ? "/" : path;
  } catch {
    return "/";
  }
}

export function safeCallbackPath(value: string | null | undefined): string {
  const path = portalPath(value);
  return path.startsWith("/sign-in") ? "/" : path;
}

/** `reason`: true when the session ended, "unavailable" when the portal's state store was out. */
export function signInPath(callbackPath: string, reason: boolean | typeof unavailableReason = false): string {
  const params = new URLSearchParams();
  const target = safeCallbackPath(callbackPath);
  if (target !== "/") params.set("callbackUrl", target);
  if (reason) params.set("reason", reason === true ? endedReason : reason);
  const query = params.toString();
  return query ? `/sign-in?${query}` : "/sign-in";
}

/** In the browser: sign-in after the session ended, coming back to the page shown now. */
export function signInAgainPath(): string {
  const here = typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
  return signInPath(here, true);
}
