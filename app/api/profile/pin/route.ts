import { PortalError } from "@/lib/browser-safe/errors";
import { attemptSource } from "@/lib/auth/attempt-source";
import { getEnv } from "@/lib/env";
import { answerJson, userRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { serverConfig } from "@/lib/print-server/server-config";
import { issueNewPin } from "@/lib/self-service/new-pin";
import { stateStore } from "@/lib/state/configured-state-store";
import { newPinRequest, newPinResponse } from "./schema";

export const dynamic = "force-dynamic";

/**
 * A new PIN for the signed-in person only (the session's user id, never one
 * from the request). answerJson answers `Cache-Control: private, no-store`;
 * the log line names the person, never the PIN.
 */
export const POST = userRoute({ body: newPinRequest, maxBodyBytes: 2048 }, async ({ request, body, user, token }) => {
  if (!(await serverConfig(token)).selfService.pinChange.allowed)
    throw new PortalError("not_allowed", { sentenceKey: "profile.pin.notAllowed", reason: "PIN change off" });
  const pin = await issueNewPin(user, body, attemptSource(request.headers), {
    store: stateStore(),
    pinFailureCeiling: getEnv().PORTAL_PIN_FAILURE_CEILING,
  });
  log.info("new PIN issued", { userId: user.userId, proof: body.method });
  return answerJson(newPinResponse, { pin });
});
