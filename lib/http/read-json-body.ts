import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";

/**
 * A request's JSON body, read as a stream that stops at `maxBytes`: a
 * declared or actual larger body is refused (`too_large`) without being held
 * in memory. An empty body or one that is not JSON reads as undefined, for
 * the route's schema to refuse in its own words.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request's body as text, read as readJsonBody does (`too_large` past `maxBytes`); undefined without one. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new PortalError("too_large", { reason: `declared ${declared} bytes` });
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PortalError("too_large", { reason: `more than ${maxBytes} bytes` });
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
