import { endSessionByHandle } from "@/lib/devices/device-sessions";
import { askerOf, devicesDeps } from "@/lib/devices/devices-service";
import { answerJson, userRoute } from "@/lib/http/route";
import { endedResponse } from "../../schema";
import { sessionParams } from "./schema";

export const dynamic = "force-dynamic";

/** Signs out one other session of the person; a handle of no session of theirs ends nothing. */
export const DELETE = userRoute({ params: sessionParams }, async ({ params, session }) =>
  answerJson(endedResponse, { ended: await endSessionByHandle(askerOf(session), params.handle, devicesDeps()) }),
);
