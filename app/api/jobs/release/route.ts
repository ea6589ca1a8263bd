import { createHash } from "node:crypto";
import { PortalError } from "@/lib/browser-safe/errors";
import { answerJson, userRoute } from "@/lib/http/route";
import { printAllJobs, releaseJobs } from "@/lib/print-server/jobs";
import { forgetPrinterChoices, printerChoices } from "@/lib/print-server/printer-list";
import { releaseRequest, releaseResponse, type ReleaseRequest } from "./schema";

export const dynamic = "force-dynamic";

/** "Release all" asks the print server again while it says there are more, up to this many rounds. */
const maxReleaseAllRounds = 10;

/**
 * Releases jobs at a printer. A printer that cannot print is refused before
 * the print server hears of it (its own 409 covers a device that just went
 * offline). A double tap or a retry carries the same key, and the print
 * server answers it as the first without printing again.
 */
export const POST = userRoute({ body: releaseRequest, maxBodyBytes: 8 * 1024 }, async ({ body, token }) => {
  try {
    return await release(body, token);
  } catch (error) {
    // The print server knows better than our cached list: the next list asks it again.
    if (error instanceof PortalError && error.code === "printer_unavailable") forgetPrinterChoices();
    throw error;
  }
});

/** A print server that refused the connection never saw the release. */
function refusedBeforeSending(error: PortalError): boolean {
  const cause = error.cause instanceof Error ? (error.cause.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === "ECONNREFUSED";
}

/**
 * Sends one release. No answer to it (cut off, timed out, the print server
 * stopping) says nothing of whether it printed: the person is told to look
 * before trying again (a job already printing is refused, never printed twice).
 */
async function sendRelease(token: string, order: Parameters<typeof releaseJobs>[1]): Promise<number[]> {
  try {
    return await releaseJobs(token, order);
  } catch (error) {
    if (error instanceof PortalError && error.code === "unreachable" && !refusedBeforeSending(error))
      throw new PortalError("unreachable", { sentenceKey: "jobs.answers.releaseUnconfirmed", cause: error });
    throw error;
  }
}

/**
 * The print server's key for one round of "Release all": the tap's key and
 * the jobs the round releases. Sent again (a double tap, a retry after a lost
 * answer) with the same jobs waiting, it is the same key, printed once; with
 * other jobs waiting (the first printed, new ones came) it is a new release
 * of those, where the tap's key alone would be one the print server refuses
 * as naming another release. A job printed is no longer waiting, so no
 * round releases it twice.
 */
function releaseAllKey(tapKey: string, jobIds: number[]): string {
  return `${tapKey}-${createHash("sha256").update(jobIds.join(",")).digest("base64url")}`;
}

async function release(body: ReleaseRequest, token: string) {
  const printer = (await printerChoices()).find((choice) => choice.id === body.printerId);
  if (!printer) throw new PortalError("not_found", { sentenceKey: "jobs.answers.printerNotFound" });
  if (printer.problem) throw new PortalError("printer_unavailable");

  if (!body.all) {
    if (!body.jobIds) throw new PortalError("bad_request", { sentenceKey: "jobs.answers.badJobs" });
    const jobIds = await sendRelease(token, {
      printerId: printer.id,
      jobIds: body.jobIds,
      idempotencyKey: body.key,
      options: body.options,
    });
    return answerJson(releaseResponse, { jobIds }, 202);
  }

  const released: number[] = [];
  for (let round = 0; round < maxReleaseAllRounds; round++) {
    const waiting = await printAllJobs(token, printer.id);
    if (waiting.jobIds.length === 0) break;
    const idempotencyKey = releaseAllKey(body.key, waiting.jobIds);
    const order = { printerId: printer.id, jobIds: waiting.jobIds, idempotencyKey, options: body.options };
    released.push(...(await sendRelease(token, order)));
    if (!waiting.moreJobs) break;
  }
  // Nothing waiting (or a retry after everything printed) is an empty answer, not a failure.
  return answerJson(releaseResponse, { jobIds: released }, 202);
}
