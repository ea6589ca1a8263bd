import { answerJson, checkedQuery, userRoute } from "@/lib/http/route";
import { jobsOfList, listJobs } from "@/lib/print-server/jobs";
import { jobListResponse, jobPageSize, jobsQuery, toJobView } from "./schema";

export const dynamic = "force-dynamic";

/** One page (50) of the person's waiting, printed or favourite jobs, with the user's own token. */
export const GET = userRoute({}, async ({ request, token }) => {
  const query = checkedQuery(jobsQuery, request);
  const start = query.start ?? 0;
  const page = jobsOfList(query.list, await listJobs(token, query.list, { start, limit: jobPageSize }));
  return answerJson(jobListResponse, {
    jobs: page.jobs.map(toJobView),
    count: page.count,
    start,
    offered: page.offered,
  });
});
