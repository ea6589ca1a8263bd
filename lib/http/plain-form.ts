import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { portalPath } from "@/lib/browser-safe/sign-in-path";
import { readBodyText } from "./read-json-body";

// Plain HTML forms that post to a route (sign-in, sign-out, the language and
// theme switches; docs/architecture.md, "a plain form"): their fields, and the
// page a form came from, which is where it sends the browser back to.

const formType = "application/x-www-form-urlencoded";
/** A form of a few short fields. */
const defaultMaxBytes = 4 * 1024;

/** The form's fields, read as readBodyText does (`too_large` past `maxBytes`); another body type is `bad_request`. */
export async function readFormBody(request: Request, maxBytes = defaultMaxBytes): Promise<URLSearchParams> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith(formType)) {
    throw new PortalError("bad_request", { reason: "the form is not form-encoded" });
  }
  return new URLSearchParams((await readBodyText(request, maxBytes)) ?? "");
}

/**
 * The page the form came from (its `returnTo` field), or "/" when that is not
 * the portal's. Every such form names it: a post without one is not the
 * portal's form, and is refused (`bad_request`) before anything changes.
 */
export function returnPathOf(form: URLSearchParams): string {
  const value = form.get("returnTo");
  if (value === null) throw new PortalError("bad_request", { reason: "the form names no page to return to" });
  return portalPath(value);
}
