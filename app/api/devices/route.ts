import { devicesOverview } from "@/lib/devices/devices-service";
import { answerJson, userRoute } from "@/lib/http/route";
import { devicesResponse } from "./schema";

export const dynamic = "force-dynamic";

export const GET = userRoute({}, async ({ session, token }) =>
  answerJson(devicesResponse, await devicesOverview(session, token)),
);
