import { attemptSource } from "@/lib/auth/attempt-source";
import { getEnv } from "@/lib/env";
import { answerJson, userRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { changeOwnPassword } from "@/lib/print-server/self-service";
import { withNewSecret } from "@/lib/self-service/new-secret";
import { onceOnly } from "@/lib/self-service/once-only";
import { stateStore } from "@/lib/state/configured-state-store";
import { passwordRequest, passwordResponse } from "./schema";

export const dynamic = "force-dynamic";

/**
 * Changes a local account's password, and ends the person's other sessions; a
 * directory account's answers `not_allowed` with the reason.
 */
export const POST = userRoute(
  { body: passwordRequest, maxBodyBytes: 4096 },
  async ({ request, body, user, token, session }) => {
    const { currentPassword, newPassword } = body;
    const store = stateStore();
    const address = attemptSource(request.headers).address;
    const outcome = await onceOnly(store, `password:${user.userId}:${body.requestId}`, () =>
      withNewSecret(
        { sessionId: session.sessionId, userId: user.userId },
        address,
        async () => {
          await changeOwnPassword(token, user.userId, { currentPassword, newPassword }, address);
          return {
            value: undefined,
            signInWith: { method: "password", username: user.username, password: newPassword },
          };
        },
        { store, idleTimeoutSeconds: getEnv().SESSION_IDLE_TIMEOUT },
      ),
    );
    if (outcome.done === "now") log.info("password changed", { userId: user.userId });
    return answerJson(passwordResponse, { changed: true });
  },
);
