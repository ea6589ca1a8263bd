import type { JobRow, JobsRepository } from "../db/jobs.js";
import type { Db } from "../db/open-database.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";

/** This server has no projects: only "no project" (0 or null) is accepted where MyQ takes a projectId. */
export function refuseProject(projectId: number | null | undefined): void {
  if (projectId !== undefined && projectId !== null && projectId !== 0) {
    throw apiErrors.invalidRequest("This server has no projects: projectId must be 0 or null.");
  }
}

const isDeleted = (job: JobRow) => job.state === "deleted" || job.state === "failed";

/**
 * Favourites and deletion of a user's jobs, all or nothing: every job is
 * checked (another user's is 404, never revealed) before any changes.
 */
export function jobChanges(db: Db, jobs: JobsRepository) {
  function ownJobs(userId: number, ids: number[]): JobRow[] {
    return ids.map((id) => {
      const job = jobs.ofUser(userId, id);
      if (!job) throw apiErrors.notFound("The job");
      return job;
    });
  }

  const change = db.transaction(
    (userId: number, changes: Array<{ id: number } & Schemas["JobChange"]>, now: number): number[] => {
      changes.forEach((c) => refuseProject(c.projectId));
      const deleted = ownJobs(
        userId,
        changes.map((c) => c.id),
      ).find(isDeleted);
      if (deleted) throw apiErrors.jobNotReady(`Job ${deleted.id} is deleted.`);
      for (const c of changes) {
        if (c.favorite !== undefined) jobs.setFavorite(c.id, c.favorite, now);
        if (c.projectId !== undefined) jobs.clearProject(c.id);
      }
      return changes.map((c) => c.id);
    },
  );

  const remove = db.transaction((userId: number, ids: number[]): void => {
    const printing = ownJobs(userId, ids).find((job) => job.state === "processing");
    if (printing) throw apiErrors.jobNotReady(`Job ${printing.id} is printing; it can be deleted once printed.`);
    ids.forEach((id) => jobs.markDeleted(id));
  });

  return {
    /** Applies the changes; answers the ids changed, in the order given. */
    change: (userId: number, changes: Array<{ id: number } & Schemas["JobChange"]>, now: number) =>
      change.immediate(userId, changes, now),
    /** Deletes the jobs; those already deleted stay so. */
    remove: (userId: number, ids: number[]) => remove.immediate(userId, ids),
  };
}

export type JobChanges = ReturnType<typeof jobChanges>;
