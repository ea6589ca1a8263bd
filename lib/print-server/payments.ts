import "server-only";
import { z } from "zod";
import { parseAnswer } from "./parse-answer";

// Recharge providers and payments in MyQ's shapes [MyQ, real client]. Payment
// ids are strings; a number is read as its text. Money is currency units.

const money = z.number().finite();
const paymentId = z.union([z.string().min(1), z.number().int()]).transform(String);

const providers = z.object({
  providers: z.array(z.object({ name: z.string(), reference: z.string().min(1) })),
});

const created = z.object({ id: paymentId, userId: z.number().int(), amount: money });

const committed = z.object({ amount: money, balance: money.optional() });

const listed = z.object({
  payments: z.array(
    z.object({
      id: paymentId,
      userId: z.number().int(),
      amount: money,
      currency: z.string().nullish().catch(null),
      state: z.string(),
      created: z.string().nullish().catch(null),
      provider: z.string().nullish().catch(null),
      description: z.string().catch(""),
    }),
  ),
  count: z.number().int().optional(),
});

export interface RechargeProvider {
  name: string;
  reference: string;
}

export function toRechargeProviders(body: unknown): RechargeProvider[] {
  return parseAnswer(providers, body, "recharge providers").providers.map(({ name, reference }) => ({
    name,
    reference,
  }));
}

export function toCreatedPayment(body: unknown): { id: string; userId: number; amount: number } {
  return parseAnswer(created, body, "created payment");
}

/** `{amount}` [MyQ]; ours adds the balance after it, null when the server does not say. */
export function toCommittedPayment(body: unknown): { amount: number; balance: number | null } {
  const answer = parseAnswer(committed, body, "committed payment");
  return { amount: answer.amount, balance: answer.balance ?? null };
}

export interface Payment {
  id: string;
  userId: number;
  amount: number;
  currency: string | null;
  state: string;
  created: string | null;
  provider: string | null;
  description: string;
}

export function toPaymentList(body: unknown): { payments: Payment[]; count: number } {
  const answer = parseAnswer(listed, body, "payment list");
  return {
    payments: answer.payments.map((p) => ({
      ...p,
      currency: p.currency ?? null,
      created: p.created ?? null,
      provider: p.provider ?? null,
    })),
    count: answer.count ?? answer.payments.length,
  };
}
