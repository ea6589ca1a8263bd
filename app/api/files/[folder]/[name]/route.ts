import { deleteOwnFile, openOwnFile } from "@/lib/files/portal-files";
import { fileResponse } from "@/lib/files/file-response";
import { answerJson, userRoute } from "@/lib/http/route";
import { deleteResponse, fileParams } from "./schema";

export const dynamic = "force-dynamic";

/** The file itself, streamed, always as a download. */
export const GET = userRoute({ params: fileParams }, async ({ params, user }) =>
  fileResponse(await openOwnFile(user.username, params.folder, params.name)),
);

export const DELETE = userRoute({ params: fileParams }, async ({ params, user }) => {
  await deleteOwnFile(user.username, params.folder, params.name);
  return answerJson(deleteResponse, { deleted: true });
});
