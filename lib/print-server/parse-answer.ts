import "server-only";
import type { z } from "zod";
import { PortalError } from "@/lib/browser-safe/errors";

/**
 * An upstream answer checked against the shape the contract promises. One
 * that does not match is `upstream_malformed`: the person reads "cannot be
 * reached", the log names what did not match, never the body.
 */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PortalError("upstream_malformed", { reason: `${what} does not match the contract` });
  return parsed.data;
}
