import { attemptSource } from "@/lib/auth/attempt-source";
import { answerJson, userRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { changeOwnPassword } from "@/lib/print-server/self-service";
import { onceOnly } from "@/lib/self-service/once-only";
import { stateStore } from "@/lib/state/configured-state-store";
import { passwordRequest, passwordResponse } from "./schema";

export const dynamic = "force-dynamic";

/** Changes a local account's password; a directory account's answers `not_allowed` with the reason. */
export const POST = userRoute({ body: passwordRequest, maxBodyBytes: 4096 }, async ({ request, body, user, token }) => {
  const { currentPassword, newPassword } = body;
  const outcome = await onceOnly(stateStore(), `password:${user.userId}:${body.requestId}`, () =>
    changeOwnPassword(token, user.userId, { currentPassword, newPassword }, attemptSource(request.headers).address),
  );
  if (outcome.done === "now") log.info("password changed", { userId: user.userId });
  return answerJson(passwordResponse, { changed: true });
});
