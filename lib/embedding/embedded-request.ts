import "server-only";
import { headers } from "next/headers";
import { requestPathHeader } from "@/lib/request-path";
import { isEmbedPath } from "@/lib/browser-safe/embed-mode";

/** True when the page being rendered (or the page a server action came from) asked for the framed layout. */
export async function isEmbeddedRequest(): Promise<boolean> {
  return isEmbedPath((await headers()).get(requestPathHeader));
}
