import type { RequestAuth } from "../auth/request-auth.js";
import type { JobRow } from "../db/jobs.js";
import { nowSeconds } from "../db/open-database.js";
import { printCostCents, readPriceList, type PriceList } from "../db/price-list.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import type { Services } from "../services.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";

/** ISO 8601 in UTC, whole seconds. */
const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The user a jobs endpoint acts for (their x-token-types admit user tokens only). */
export function userIdOf(auth: RequestAuth): number {
  if (auth.kind !== "user") throw apiErrors.invalidTokenType("user");
  return auth.userId;
}

/** A job in MyQ's shape, with our `state` and `expiresAt`. */
export function jobMapper(s: Services) {
  return (prices: PriceList) =>
    (job: JobRow): Schemas["Job"] => {
      const costCents =
        job.release_cost_cents ?? (job.printed_at !== null ? job.cost_cents : printCostCents(prices, job));
      const expiresAt = s.printing.retention.expiresAt(job);
      return {
        id: job.id,
        name: job.name,
        date: isoTime(job.submitted_at).slice(0, 10),
        dateTime: isoTime(job.submitted_at),
        favorite: job.favorite === 1,
        cost: costCents / 100,
        duplex: job.duplex === 1,
        color: job.colour === 1,
        pageCount: job.pages,
        colorCount: job.colour === 1 ? job.pages : 0,
        copies: job.copies,
        paper: { state: 0 },
        state: job.state === "failed" ? "deleted" : job.state,
        expiresAt: expiresAt === null ? null : isoTime(expiresAt),
      };
    };
}

export const jobRoutes: RoutePlugin = async (app, { services: s }) => {
  const toJobs = jobMapper(s);

  function ownJob(auth: RequestAuth, id: number): JobRow {
    const job = s.jobs.ofUser(userIdOf(auth), id);
    if (!job) throw apiErrors.notFound("The job");
    return job;
  }

  /** The jobs by id, as they are now. */
  function jobsNow(ids: number[]): Schemas["Job"][] {
    const dto = toJobs(readPriceList(s.db));
    return ids.map((id) => {
      const job = s.jobs.byId(id);
      if (!job) throw new Error(`job ${id} vanished`);
      return dto(job);
    });
  }

  apiRoute(app, s, "listJobs", async (request, _reply, auth) => {
    const { state = "ready", limit = 100, start = 0 } = request.query;
    const { rows, count } = s.jobs.list(userIdOf(auth), state, limit, start);
    return { jobs: rows.map(toJobs(readPriceList(s.db))), count };
  });

  apiRoute(app, s, "getJob", async (request, _reply, auth) => {
    return toJobs(readPriceList(s.db))(ownJob(auth, request.params.id));
  });

  apiRoute(app, s, "getJobState", async (request, _reply, auth) => {
    const { state } = ownJob(auth, request.params.id);
    return { state: state === "failed" ? "deleted" : state };
  });

  apiRoute(app, s, "changeJob", async (request, _reply, auth) => {
    const ids = s.printing.changes.change(userIdOf(auth), [{ id: request.params.id, ...request.body }], nowSeconds());
    const [job] = jobsNow(ids);
    if (!job) throw new Error("the changed job vanished");
    return job;
  });

  apiRoute(app, s, "changeJobs", async (request, _reply, auth) => {
    const ids = s.printing.changes.change(userIdOf(auth), request.body.jobs, nowSeconds());
    const jobs = jobsNow(ids);
    return { jobs, count: jobs.length };
  });

  apiRoute(app, s, "deleteJob", async (request, reply, auth) => {
    s.printing.changes.remove(userIdOf(auth), [request.params.id]);
    return reply.code(204).send();
  });

  apiRoute(app, s, "deleteJobs", async (request, reply, auth) => {
    s.printing.changes.remove(userIdOf(auth), request.body);
    return reply.code(204).send();
  });
};
