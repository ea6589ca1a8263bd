import { answerJson, checkedQuery, userRoute } from "@/lib/http/route";
import { jobState } from "@/lib/print-server/jobs";
import { jobStates, statesQuery, statesResponse, type JobProgressState } from "./schema";

export const dynamic = "force-dynamic";

function progressOf(state: string): JobProgressState {
  return (jobStates as readonly string[]).includes(state) ? (state as JobProgressState) : "other";
}

export const GET = userRoute({}, async ({ request, token }) => {
  const { ids } = checkedQuery(statesQuery, request);
  const jobs = await Promise.all(ids.map(async (id) => ({ id, state: progressOf(await jobState(token, id)) })));
  return answerJson(statesResponse, { jobs });
});
