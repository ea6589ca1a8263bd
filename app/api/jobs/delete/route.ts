import { answerJson, userRoute } from "@/lib/http/route";
import { deleteJobs } from "@/lib/print-server/jobs";
import { deleteRequest, deleteResponse } from "./schema";

export const dynamic = "force-dynamic";

/** Deletes the person's jobs (their own token: another person's job is "not found"). */
export const POST = userRoute({ body: deleteRequest, maxBodyBytes: 8 * 1024 }, async ({ body, token }) => {
  const jobIds = [...new Set(body.jobIds)];
  await deleteJobs(token, jobIds);
  return answerJson(deleteResponse, { deleted: jobIds });
});
