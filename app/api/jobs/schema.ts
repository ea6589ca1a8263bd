import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// GET /api/jobs?list=waiting|printed|favorites&start=0: one page of a list,
// newest first, only what the page shows. A real MyQ X sends no state and no
// deletion time: those are null and the page leaves them out, and says that
// the server does not tell which jobs were printed.

const say = (key: SentenceKey) => ({ error: key });
const badList = say("jobs.answers.badList");

export const jobListNames = ["waiting", "printed", "favorites"] as const;
export type JobListName = (typeof jobListNames)[number];
export { jobPageSize } from "@/lib/browser-safe/jobs/page-size";

export const jobsQuery = z.object({
  list: z.enum(jobListNames, badList),
  start: z.optional(
    z.pipe(
      z.string(badList).check(z.regex(/^\d{1,7}$/, badList)),
      z.transform((value) => Number(value)),
    ),
  ),
});

export const jobView = z.object({
  id: z.int(),
  name: z.string(),
  /** When it was sent (ISO date or date-time); null when the server does not say. */
  submittedAt: z.nullable(z.string()),
  pages: z.nullable(z.int()),
  copies: z.nullable(z.int()),
  color: z.nullable(z.boolean()),
  duplex: z.nullable(z.boolean()),
  /** In the server's currency; null when the server does not say. */
  cost: z.nullable(z.number()),
  favorite: z.boolean(),
  /** `ready`, `processing`, `printed`, …; null on a real MyQ X. */
  state: z.nullable(z.string()),
  /** When it will be deleted unless printed; null when kept or not said. */
  expiresAt: z.nullable(z.string()),
});
export type JobView = z.infer<typeof jobView>;

export const jobListResponse = z.object({
  jobs: z.array(jobView),
  /** How many jobs the list has in all. */
  count: z.int(),
  start: z.int(),
  /** False when the server cannot say which jobs are in this list (printed jobs, from a server without job states). */
  offered: z.boolean(),
});
export type JobListResponse = z.infer<typeof jobListResponse>;

/** Only the fields the page shows, from the print server client's job. */
export function toJobView(job: JobView): JobView {
  const { id, name, submittedAt, pages, copies, color, duplex, cost, favorite, state, expiresAt } = job;
  return { id, name, submittedAt, pages, copies, color, duplex, cost, favorite, state, expiresAt };
}
