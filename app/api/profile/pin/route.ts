import { PortalError } from "@/lib/browser-safe/errors";
import { attemptSource } from "@/lib/auth/attempt-source";
import { deviceCookie, deviceFor, readDeviceCookie } from "@/lib/auth/device-cookie";
import { portalCookieName } from "@/lib/auth/host-cookie";
import { nameHash } from "@/lib/auth/person-name";
import { acceptSolution } from "@/lib/challenge/accept-solution";
import { getEnv } from "@/lib/env";
import { answerJson, userRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { serverConfig } from "@/lib/print-server/server-config";
import { hasOwnPassword } from "@/lib/print-server/users";
import { issueNewPin, proofNeeded } from "@/lib/self-service/new-pin";
import { withNewSecret } from "@/lib/self-service/new-secret";
import { stateStore } from "@/lib/state/configured-state-store";
import { newPinRequest, newPinResponse, proofNeededResponse } from "./schema";

export const dynamic = "force-dynamic";

/** Which proof the form asks this person for, and whether their sign-in is fresh enough for it. */
export const GET = userRoute({}, async ({ user, token, session }) =>
  answerJson(
    proofNeededResponse,
    proofNeeded(await hasOwnPassword(token, user.userId), session.session.createdAt, {
      maxAgeSeconds: getEnv().PORTAL_NEW_PIN_SIGN_IN_MAX_AGE,
    }),
  ),
);

/**
 * A new PIN for the signed-in person only (the session's user id, never one
 * from the request); their other sessions end. answerJson answers
 * `Cache-Control: private, no-store`; the log line names the person, never the PIN.
 */
export const POST = userRoute(
  { body: newPinRequest, maxBodyBytes: 8192 },
  async ({ request, body, user, token, session }) => {
    if (!(await serverConfig(token)).selfService.pinChange.allowed)
      throw new PortalError("not_allowed", { sentenceKey: "profile.pin.notAllowed", reason: "PIN change off" });
    const env = getEnv();
    const store = stateStore();
    const source = attemptSource(request.headers);
    // Counted as sign-ins of this person, in this browser's device bucket when its cookie names them.
    const person = nameHash(user.username);
    const device = deviceFor(readDeviceCookie(request.cookies.get(portalCookieName(deviceCookie))?.value), person);
    const pin = await withNewSecret(
      { sessionId: session.sessionId, userId: user.userId },
      source.address,
      async () => {
        const made = await issueNewPin(user, body, source, {
          store,
          hasPassword: () => hasOwnPassword(token, user.userId),
          signedInAt: session.session.createdAt,
          signInMaxAgeSeconds: env.PORTAL_NEW_PIN_SIGN_IN_MAX_AGE,
          challenge: (payload) => acceptSolution(payload, { store }),
          person,
          device,
          pinFailureCeiling: env.PORTAL_PIN_FAILURE_CEILING,
        });
        return { value: made, signInWith: { method: "pin", pin: made } };
      },
      { store, idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT },
    );
    log.info("new PIN issued", { userId: user.userId, proof: body.method });
    return answerJson(newPinResponse, { pin });
  },
);
