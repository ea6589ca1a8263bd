import type { RequestAuth } from "../auth/request-auth.js";
import { nowSeconds } from "../db/open-database.js";
import type { PaymentRow } from "../db/payments.js";
import { readServerConfig } from "../db/settings.js";
import { CREDIT_ACCOUNT } from "../db/users.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import { enabledProviders, RECHARGE_PROVIDERS, type ProviderReference } from "../payments/recharge-providers.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const units = (cents: number) => cents / 100;

function paymentDto(p: PaymentRow): Schemas["Payment"] {
  return {
    id: p.id,
    userId: p.user_id,
    amount: units(p.amount_cents),
    currency: p.currency,
    state: p.state,
    created: iso(p.created_at),
    updated: iso(p.updated_at),
    expires: p.state === "created" ? iso(p.expires_at) : null,
    paymentNo: `P-${String(p.seq).padStart(6, "0")}`,
    provider: p.provider,
    description: p.description,
  };
}

/**
 * Recharges through a provider, in MyQ's shapes: create, then commit or roll
 * back. Every payment call needs a client token of an application with the
 * "Manage payments" right; an application sees only the payments it created.
 */
export const paymentRoutes: RoutePlugin = async (app, { services: s }) => {
  /** The provider of the path, when it is enabled; the caller's right to manage payments. */
  function paymentContext(auth: RequestAuth, provider: string): { provider: ProviderReference; clientId: string } {
    if (!s.clients.get(auth.clientId)?.managePayments) {
      throw apiErrors.notAllowed('This application does not have the "Manage payments" right.');
    }
    const enabled = enabledProviders(s.db).find((ref) => ref === provider);
    if (!enabled) throw apiErrors.notFound("The recharge provider");
    return { provider: enabled, clientId: auth.clientId };
  }

  apiRoute(app, s, "listRechargeProviders", async () => {
    const providers = enabledProviders(s.db).map((reference) => ({
      name: RECHARGE_PROVIDERS[reference].name,
      reference,
      description: RECHARGE_PROVIDERS[reference].description,
      params: [],
    }));
    return { providers, count: providers.length };
  });

  apiRoute(app, s, "createPayment", async (request, reply, auth) => {
    const { provider, clientId } = paymentContext(auth, request.params.provider);
    const { userId, description, params } = request.body;
    const account = s.users.byId(userId) ? s.users.account(userId, CREDIT_ACCOUNT) : undefined;
    if (!account) throw apiErrors.notFound("The user or their credit account");
    const common = {
      provider,
      clientId,
      userId,
      accountId: account.id,
      currency: readServerConfig(s.db).currency,
      description: description?.trim() || RECHARGE_PROVIDERS[provider].name,
      now: nowSeconds(),
    };
    let payment: PaymentRow;
    if (provider === "external") {
      const amountCents = Math.round((params.amount ?? 0) * 100);
      if (
        params.amount === undefined ||
        params.code !== undefined ||
        Math.abs(amountCents - params.amount * 100) > 1e-6
      ) {
        throw apiErrors.invalidRequest("The external provider takes params {amount}: currency units, whole cents.");
      }
      payment = s.payments.createExternal({ ...common, amountCents });
    } else {
      if (params.code === undefined || params.amount !== undefined || params.code.trim() === "") {
        throw apiErrors.invalidRequest("The voucher provider takes params {code}.");
      }
      const outcome = s.payments.createVoucher({ ...common, code: params.code });
      if (!outcome.ok && "retryAfter" in outcome) {
        throw apiErrors.tooManyRequests(outcome.retryAfter, "Too many wrong voucher codes. Try again later.");
      }
      if (!outcome.ok) throw apiErrors.voucherRefused(outcome.refused);
      payment = outcome.payment;
    }
    const amount = units(payment.amount_cents);
    return reply.code(201).send({
      id: payment.id,
      userId: payment.user_id,
      amount,
      description: payment.description,
      params: { amount },
      state: "created",
      expires: iso(payment.expires_at),
    });
  });

  /** Commit or roll back the payment of the path; a closed one (or one sent again the other way) is 409. */
  function close(
    auth: RequestAuth,
    params: { provider: string; paymentId: string },
    to: "commit" | "rollback",
  ): { payment: PaymentRow; balanceCents: number } {
    const { provider, clientId } = paymentContext(auth, params.provider);
    const outcome = s.payments[to]({ id: params.paymentId, provider, clientId, now: nowSeconds() });
    if (!outcome.ok && "notFound" in outcome) throw apiErrors.notFound("The payment");
    if (!outcome.ok) throw apiErrors.paymentClosed(outcome.closed);
    return outcome;
  }

  apiRoute(app, s, "commitPayment", async (request, _reply, auth) => {
    const { payment, balanceCents } = close(auth, request.params, "commit");
    const answer = { id: payment.id, userId: payment.user_id, amount: units(payment.amount_cents) };
    return { ...answer, state: "committed" as const, balance: units(balanceCents) };
  });

  apiRoute(app, s, "rollbackPayment", async (request, _reply, auth) => {
    const { payment } = close(auth, request.params, "rollback");
    return {
      id: payment.id,
      userId: payment.user_id,
      amount: units(payment.amount_cents),
      state: "rolledback" as const,
    };
  });

  apiRoute(app, s, "listPayments", async (request, _reply, auth) => {
    const { provider, clientId } = paymentContext(auth, request.params.provider);
    const { userId, limit = 100, start = 0 } = request.query;
    const found = s.payments.list({ provider, clientId, userId, limit, start, now: nowSeconds() });
    return { payments: found.payments.map(paymentDto), count: found.count };
  });
};
