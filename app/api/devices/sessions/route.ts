import { endOtherSessions } from "@/lib/devices/device-sessions";
import { askerOf, devicesDeps } from "@/lib/devices/devices-service";
import { answerJson, userRoute } from "@/lib/http/route";
import { endedResponse, endOthersRequest } from "../schema";

export const dynamic = "force-dynamic";

/** "Sign out everywhere else": every session of the person but this browser's. */
export const DELETE = userRoute({ body: endOthersRequest, maxBodyBytes: 1024 }, async ({ session }) =>
  answerJson(endedResponse, { ended: await endOtherSessions(askerOf(session), devicesDeps()) }),
);
