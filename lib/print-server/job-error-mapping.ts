import "server-only";
import { z } from "zod";
import { PortalError } from "@/lib/browser-safe/errors";
import { jobErrors } from "@/lib/browser-safe/contract-assumptions";
import { mapApiError } from "./error-mapping";

// Refusals only jobs and releases have: not enough credit (402), a printer
// that cannot print and a job that is no longer waiting (409). Everything
// else is the common mapping.

const errorName = z.looseObject({ error: z.string().optional() });

export function mapJobError(status: number, body: unknown, headers: Headers): PortalError {
  const parsed = errorName.safeParse(body);
  const name = parsed.success ? parsed.data.error : undefined;
  if (status === 402) return new PortalError("insufficient_credit", { upstreamStatus: status, reason: name });
  if (status === 409 && name === jobErrors.printerUnavailable)
    return new PortalError("printer_unavailable", { upstreamStatus: status, reason: name });
  if (status === 409) return new PortalError("job_not_ready", { upstreamStatus: status, reason: name ?? "conflict" });
  return mapApiError(status, body, headers);
}
