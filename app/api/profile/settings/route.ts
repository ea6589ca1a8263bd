import { answerJson, userRoute } from "@/lib/http/route";
import { serverConfig } from "@/lib/print-server/server-config";
import { selfServiceResponse } from "./schema";

export const dynamic = "force-dynamic";

export const GET = userRoute({}, async ({ token }) =>
  answerJson(selfServiceResponse, (await serverConfig(token)).selfService),
);
