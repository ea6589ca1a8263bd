import "server-only";
import { z } from "zod";
import { parseAnswer } from "./parse-answer";

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
