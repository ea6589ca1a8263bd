import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { mapTransportError } from "./error-mapping";

type Answer<T> = { data?: T; error?: unknown; response: Response };
type MapError = (status: number, body: unknown, headers: Headers) => PortalError;

/**
 * Runs one openapi-fetch call and sorts its outcome: a transport failure, an
 * unreadable success body, or an error status each become a PortalError.
 */
export async function send<T>(
  call: () => Promise<Answer<T>>,
  mapError: MapError,
): Promise<{ data: T; response: Response }> {
  let answer: Answer<T>;
  try {
    answer = await call();
  } catch (cause) {
    if (cause instanceof SyntaxError)
      throw new PortalError("upstream_malformed", { reason: "body is not JSON", cause });
    throw mapTransportError(cause);
  }
  if (!answer.response.ok) throw mapError(answer.response.status, answer.error, answer.response.headers);
  return { data: answer.data as T, response: answer.response };
}
