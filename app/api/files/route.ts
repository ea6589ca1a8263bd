import { filesOverview, toFileView, uploadToPrint } from "@/lib/files/portal-files";
import { answerJson, userRoute } from "@/lib/http/route";
import { checkedUploadHeaders } from "@/lib/files/upload-headers";
import { fileListResponse, uploadHeaders, uploadResponse } from "./schema";

export const dynamic = "force-dynamic";

/** The largest body this route lets reach the store, which applies the configured limit itself. */
const streamedBodyLimit = 2048 * 1024 * 1024;

export const GET = userRoute({}, async ({ user }) => answerJson(fileListResponse, await filesOverview(user.username)));

export const POST = userRoute({ maxBodyBytes: streamedBodyLimit }, async ({ request, user }) => {
  const headers = checkedUploadHeaders(uploadHeaders, request);
  const file = await uploadToPrint(user.username, request, {
    name: headers["x-file-name"],
    uploadKey: headers["idempotency-key"],
  });
  return answerJson(uploadResponse, { file: toFileView(file) }, 201);
});
