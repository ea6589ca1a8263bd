import "server-only";
import { z } from "zod";
import { PortalError } from "@/lib/browser-safe/errors";
import { idempotencyKeyHeader, jobListStates } from "@/lib/browser-safe/contract-assumptions";
import { toMyqReleaseOptions, type ReleaseOptions } from "@/lib/browser-safe/jobs/release-options";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapJobError } from "./job-error-mapping";
import { parseAnswer } from "./parse-answer";
import { toPrintAll } from "./printers";
import { send } from "./send";

// Print jobs in MyQ's shape [MyQ] and ours. A real MyQ X shows no `state` and
// no `expiresAt` on a job: they are null here, and a page shows a job's state
// or deletion time only when the server gives them. `duplex` and `color` are
// booleans (the job as sent); a number is read as "set" when not 0.

const flag = z
  .union([z.boolean(), z.number()])
  .transform((v) => (typeof v === "number" ? v !== 0 : v))
  .nullish()
  .catch(null);
const count = z.number().int().nonnegative().nullish().catch(null);

const upstreamJob = z.object({
  id: z.number().int(),
  name: z.string().catch(""),
  dateTime: z.string().nullish().catch(null),
  date: z.string().nullish().catch(null),
  favorite: z.boolean().catch(false).default(false),
  cost: z.number().finite().nullish().catch(null),
  duplex: flag,
  color: flag,
  pageCount: count,
  colorCount: count,
  copies: count,
  state: z.string().min(1).nullish().catch(null),
  expiresAt: z.string().nullish().catch(null),
});

const jobList = z.object({ jobs: z.array(z.unknown()), count: z.number().int().nonnegative().optional() });

export interface Job {
  id: number;
  name: string;
  /** When it was sent: `dateTime`, else `date`; null when the server says neither. */
  submittedAt: string | null;
  favorite: boolean;
  /** Currency units; null when the server does not say. */
  cost: number | null;
  duplex: boolean | null;
  color: boolean | null;
  pages: number | null;
  colorPages: number | null;
  copies: number | null;
  /** Ours (`ready`, `printed`, …); null on a real MyQ X. */
  state: string | null;
  /** Ours: when a held job is deleted; null on a real MyQ X. */
  expiresAt: string | null;
}

function fromUpstream(job: z.infer<typeof upstreamJob>): Job {
  return {
    id: job.id,
    name: job.name,
    submittedAt: job.dateTime ?? job.date ?? null,
    favorite: job.favorite,
    cost: job.cost ?? null,
    duplex: job.duplex ?? null,
    color: job.color ?? null,
    pages: job.pageCount ?? null,
    colorPages: job.colorCount ?? null,
    copies: job.copies ?? null,
    state: job.state ?? null,
    expiresAt: job.expiresAt ?? null,
  };
}

export function toJob(body: unknown): Job {
  return fromUpstream(parseAnswer(upstreamJob, body, "job"));
}

/** `{jobs, count}`: a job that does not parse is left out, not the whole list. */
export function toJobList(body: unknown): { jobs: Job[]; count: number } {
  const list = parseAnswer(jobList, body, "job list");
  const jobs = list.jobs.flatMap((item) => {
    const parsed = upstreamJob.safeParse(item);
    return parsed.success ? [fromUpstream(parsed.data)] : [];
  });
  return { jobs, count: list.count ?? jobs.length };
}

// --- Calls, always with the user's own token ----------------------------------

export type JobListName = keyof typeof jobListStates;

/** One page of a list, newest first [MyQ's order]. */
export async function listJobs(
  accessToken: string,
  list: JobListName,
  page: { start: number; limit: number },
  api: PrintServerApi = printServerApi(),
): Promise<{ jobs: Job[]; count: number }> {
  const { data } = await send(
    () =>
      api.GET("/v3/jobs", {
        params: { query: { state: jobListStates[list], start: page.start, limit: page.limit } },
        headers: bearer(accessToken),
      }),
    mapJobError,
  );
  return toJobList(data);
}

/**
 * What one page of a list holds, as far as its jobs say so themselves. A
 * server may ignore the `state` filter (MyQ's values are not public) and
 * answer all jobs for every list: a favourite is kept only when marked so,
 * and a job is shown as printed only when it has a state. A server whose jobs
 * carry no state cannot say which were printed: that list is not `offered`.
 */
export function jobsOfList(
  list: JobListName,
  page: { jobs: Job[]; count: number },
): { jobs: Job[]; count: number; offered: boolean } {
  const offered = list !== "printed" || page.jobs.length === 0 || page.jobs.some((job) => job.state !== null);
  const jobs = page.jobs.filter((job) =>
    list === "favorites" ? job.favorite : list === "printed" ? job.state !== null : true,
  );
  return { jobs, count: Math.max(0, page.count - (page.jobs.length - jobs.length)), offered };
}

const releaseAnswer = z.object({
  jobs: z
    .array(z.object({ id: z.number().int(), cost: z.number().finite().nullish().catch(null) }))
    .optional()
    .catch(undefined),
});

export interface ReleaseOrder {
  printerId: number;
  jobIds: number[];
  /** The same key for a retry of the same release: the server prints it once. */
  idempotencyKey: string;
  /** What the person changed at release; the server charges what prints. Left out: as sent. */
  options?: ReleaseOptions;
}

/**
 * Releases jobs at a printer; they print in the background. Answers the ids
 * the server took (all of them when it does not list them, as MyQ may not).
 */
export async function releaseJobs(
  accessToken: string,
  order: ReleaseOrder,
  api: PrintServerApi = printServerApi(),
): Promise<number[]> {
  const { data } = await send(
    () =>
      api.POST("/v3/printers/{id}/jobs/release", {
        params: { path: { id: order.printerId } },
        body: { jobIds: order.jobIds, releaseOptions: toMyqReleaseOptions(order.options) },
        headers: { ...bearer(accessToken), [idempotencyKeyHeader]: order.idempotencyKey },
      }),
    mapJobError,
  );
  const parsed = releaseAnswer.safeParse(data ?? {});
  const listed = parsed.success ? parsed.data.jobs?.map((job) => job.id) : undefined;
  return listed && listed.length > 0 ? listed : order.jobIds;
}

/** The user's waiting jobs that "print all" at this printer releases, oldest first. */
export async function printAllJobs(
  accessToken: string,
  printerId: number,
  api: PrintServerApi = printServerApi(),
): Promise<{ jobIds: number[]; moreJobs: boolean }> {
  const { data } = await send(
    () => api.GET("/v3/printers/{id}/printAll", { params: { path: { id: printerId } }, headers: bearer(accessToken) }),
    mapJobError,
  );
  return toPrintAll(data);
}

/** Deletes jobs, all or none. A job already deleted stays deleted, so a retry is harmless. */
export async function deleteJobs(
  accessToken: string,
  jobIds: number[],
  api: PrintServerApi = printServerApi(),
): Promise<void> {
  await send(() => api.POST("/v3/jobs/delete", { body: jobIds, headers: bearer(accessToken) }), mapDeleteError);
}

/** A job printing right now is refused as a deleted one is (409 job_not_ready): the sentence names both. */
function mapDeleteError(status: number, body: unknown, headers: Headers): PortalError {
  const error = mapJobError(status, body, headers);
  if (error.code !== "job_not_ready") return error;
  const { upstreamStatus, reason } = error;
  return new PortalError("job_not_ready", { upstreamStatus, reason, sentenceKey: "jobs.answers.deleteNotReady" });
}

/** Marks or unmarks a favourite; setting the same value twice changes nothing. */
export async function setFavorite(
  accessToken: string,
  jobId: number,
  favorite: boolean,
  api: PrintServerApi = printServerApi(),
): Promise<Job> {
  const { data } = await send(
    () =>
      api.PATCH("/v3/jobs/{id}", { params: { path: { id: jobId } }, body: { favorite }, headers: bearer(accessToken) }),
    mapJobError,
  );
  return toJob(data);
}

const stateAnswer = z.object({ state: z.string() });

/** A job's state (`processing`, `printed`, …); a job gone from the list reads `deleted`. */
export async function jobState(
  accessToken: string,
  jobId: number,
  api: PrintServerApi = printServerApi(),
): Promise<string> {
  try {
    const { data } = await send(
      () => api.GET("/v3/jobs/{id}/state", { params: { path: { id: jobId } }, headers: bearer(accessToken) }),
      mapJobError,
    );
    return parseAnswer(stateAnswer, data, "job state").state;
  } catch (error) {
    if (error instanceof PortalError && error.code === "not_found") return "deleted";
    throw error;
  }
}
