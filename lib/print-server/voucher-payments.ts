import "server-only";
import { z } from "zod";
import { voucherErrors, voucherProvider } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { log } from "@/lib/log";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { withClientToken } from "./client-token";
import { mapApiError } from "./error-mapping";
import { toCommittedPayment, toCreatedPayment, toRechargeProviders } from "./payments";
import { send } from "./send";

// Credit by voucher: create a payment through the `voucher` provider, then
// commit it; anything failing between rolls it back, so the voucher is
// usable again. Payments take the portal's own token (MyQ's "Manage
// payments" right), so the caller passes the signed-in user's own id.

const refusal = z.looseObject({ error: z.string().optional() });

/** A voucher refusal in the person's words; the rest as any API call. */
export function mapVoucherError(status: number, body: unknown, headers: Headers): PortalError {
  const parsed = refusal.safeParse(body);
  const name = parsed.success ? parsed.data.error : undefined;
  if (status === 400 && name === voucherErrors.unknown)
    return new PortalError("bad_request", {
      reason: name,
      field: "code",
      sentenceKey: "credit.voucher.answers.unknown",
    });
  if (status === 400 && name === voucherErrors.used)
    return new PortalError("bad_request", { reason: name, field: "code", sentenceKey: "credit.voucher.answers.used" });
  if (status === 400 && name === voucherErrors.expired)
    return new PortalError("bad_request", {
      reason: name,
      field: "code",
      sentenceKey: "credit.voucher.answers.expired",
    });
  if (status === 429) {
    const mapped = mapApiError(status, body, headers);
    return new PortalError("locked", {
      upstreamStatus: status,
      reason: name ?? "voucher tries",
      retryAfterSeconds: mapped.retryAfterSeconds,
      sentenceKey: "credit.voucher.answers.tooManyTries",
    });
  }
  // Without the "Manage payments" right the portal cannot redeem anything: the operator's to fix.
  if (status === 403)
    return new PortalError("not_allowed", {
      upstreamStatus: status,
      reason: name ?? "forbidden",
      sentenceKey: "credit.voucher.unavailable",
    });
  return mapApiError(status, body, headers);
}

/** True when the server offers the voucher provider (read with the person's token). */
export async function offersVouchers(accessToken: string, api: PrintServerApi = printServerApi()): Promise<boolean> {
  const { data } = await send(() => api.GET("/v3/rechargeProviders", { headers: bearer(accessToken) }), mapApiError);
  return toRechargeProviders(data).some((provider) => provider.reference === voucherProvider);
}

export interface Redeemed {
  added: number;
  /** The credit after it; null when the server does not say. */
  balance: number | null;
}

async function rollBack(token: string, paymentId: string, api: PrintServerApi): Promise<"rolledBack" | "committed"> {
  const answer = await api
    .POST("/v3/rechargeProviders/{provider}/payments/{paymentId}/rollback", {
      params: { path: { provider: voucherProvider, paymentId } },
      headers: bearer(token),
    })
    .catch(() => undefined);
  // A rollback refused as closed means the commit went through after all.
  if (answer?.response.status === 409) return "committed";
  if (!answer?.response.ok) log.warn("voucher payment not rolled back; it expires unused", { paymentId });
  return "rolledBack";
}

/** Redeems a (normalised) voucher code for `userId`: create, commit, rollback on failure between. */
export async function redeemVoucher(
  userId: number,
  code: string,
  api: PrintServerApi = printServerApi(),
): Promise<Redeemed> {
  // A refused (401) token created nothing: the payment is asked for once more with a new one.
  const { token, payment } = await withClientToken(async (token) => {
    const { data } = await send(
      () =>
        api.POST("/v3/rechargeProviders/{provider}/payments", {
          params: { path: { provider: voucherProvider } },
          body: { userId, params: { code } },
          headers: bearer(token),
        }),
      mapVoucherError,
    );
    return { token, payment: toCreatedPayment(data) };
  });
  try {
    const { data: done } = await send(
      () =>
        api.POST("/v3/rechargeProviders/{provider}/payments/{paymentId}/commit", {
          params: { path: { provider: voucherProvider, paymentId: payment.id } },
          headers: bearer(token),
        }),
      mapVoucherError,
    );
    const committed = toCommittedPayment(done);
    return { added: committed.amount, balance: committed.balance };
  } catch (error) {
    if ((await rollBack(token, payment.id, api)) === "committed") return { added: payment.amount, balance: null };
    throw error;
  }
}
