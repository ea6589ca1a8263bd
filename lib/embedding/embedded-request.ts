import "server-only";
import { requestedPath } from "@/lib/request-path";
import { isEmbedPath } from "@/lib/browser-safe/embed-mode";

/** True when the page being rendered asked for the framed layout. */
export async function isEmbeddedRequest(): Promise<boolean> {
  return isEmbedPath(await requestedPath());
}
