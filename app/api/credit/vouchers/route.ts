import { voucherRequest, voucherResponse } from "./schema";
import { attemptSource } from "@/lib/auth/attempt-source";
import { acceptSolution } from "@/lib/challenge/accept-solution";
import { countedVoucherTry } from "@/lib/credit/voucher-attempts";
import { answerJson, userRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { offersVouchers, redeemVoucher } from "@/lib/print-server/voucher-payments";
import { onceOnly } from "@/lib/self-service/once-only";
import { stateStore } from "@/lib/state/configured-state-store";
import { z } from "zod/mini";

export const dynamic = "force-dynamic";

/** Whether this server takes vouchers, so the page shows the field or says why not. */
export const GET = userRoute({}, async ({ token }) =>
  answerJson(z.object({ available: z.boolean() }), { available: await offersVouchers(token) }),
);

/**
 * Redeems a voucher for the signed-in person (the session's id, never one
 * from the request). One press is done once: a double submit with the same
 * request id waits for the first and answers without redeeming again; the
 * print server itself lets a code be used once. Wrong codes are counted per
 * person and address; over the limit a try needs a solved challenge.
 */
export const POST = userRoute({ body: voucherRequest, maxBodyBytes: 8192 }, async ({ request, body, user }) => {
  const store = stateStore();
  const source = { userId: user.userId, address: attemptSource(request.headers).address };
  const outcome = await onceOnly(store, `voucher:${user.userId}:${body.requestId}`, () =>
    countedVoucherTry(
      store,
      source,
      () => acceptSolution(body.altcha, { store }),
      () => redeemVoucher(user.userId, body.code),
    ),
  );
  if (outcome.done === "before") return answerJson(voucherResponse, { added: null, balance: null });
  log.info("voucher redeemed", { userId: user.userId, amount: outcome.value.added });
  return answerJson(voucherResponse, { added: outcome.value.added, balance: outcome.value.balance });
});
