import { describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { countedVoucherTry, isWrongCode, voucherLimit, type ChallengeCheck } from "./voucher-attempts";

// Guessing voucher codes against the portal's own limit: in parallel, from
// one person, from many people behind one address, and with a solved
// challenge after the limit.

const unknownCode = () =>
  new PortalError("bad_request", {
    reason: "invalid_voucher",
    field: "code",
    sentenceKey: "credit.voucher.answers.unknown",
  });
const wrong = async (): Promise<never> => {
  // The print server takes a while to answer, so parallel tries overlap.
  await new Promise((resolve) => setTimeout(resolve, 20));
  throw unknownCode();
};
const right = async () => ({ added: 10 });
const noChallenge: ChallengeCheck = async () => "missing";

function tryCode(
  store: MemoryStateStore,
  userId: number,
  address: string | undefined,
  redeem: () => Promise<unknown> = wrong,
  challenge = noChallenge,
) {
  return countedVoucherTry(store, { userId, address }, challenge, redeem).catch((error: unknown) => error);
}

describe("countedVoucherTry", () => {
  it("lets at most the limit of 40 parallel wrong codes from one person reach the print server", async () => {
    const store = new MemoryStateStore();
    const redeem = vi.fn(wrong);
    const results = await Promise.all(Array.from({ length: 40 }, () => tryCode(store, 1, "192.0.2.1", redeem)));
    expect(redeem).toHaveBeenCalledTimes(voucherLimit.perPerson);
    const challenged = results.filter((r) => r instanceof PortalError && r.code === "challenge_required");
    expect(challenged).toHaveLength(40 - voucherLimit.perPerson);
  });

  it("asks for a challenge over the limit, and a solved one lets the next try through once", async () => {
    const store = new MemoryStateStore();
    for (let i = 0; i < voucherLimit.perPerson; i += 1) await tryCode(store, 2, "192.0.2.2");
    const redeem = vi.fn(right);
    expect(await tryCode(store, 2, "192.0.2.2", redeem)).toMatchObject({ code: "challenge_required" });
    expect(await tryCode(store, 2, "192.0.2.2", redeem, async () => "failed")).toMatchObject({
      code: "challenge_failed",
    });
    expect(redeem).not.toHaveBeenCalled();
    const solved = vi.fn<ChallengeCheck>(async () => "solved");
    expect(await tryCode(store, 2, "192.0.2.2", redeem, solved)).toEqual({ added: 10 });
    expect(solved).toHaveBeenCalledTimes(1);
    // The next wrong one needs a challenge of its own again.
    expect(await tryCode(store, 2, "192.0.2.2")).toMatchObject({ code: "challenge_required" });
  });

  it("asks for no challenge within the limit (a solution sent anyway is not spent)", async () => {
    const store = new MemoryStateStore();
    const solved = vi.fn<ChallengeCheck>(async () => "solved");
    expect(await tryCode(store, 3, "192.0.2.3", right, solved)).toEqual({ added: 10 });
    expect(solved).not.toHaveBeenCalled();
  });

  it("gives the place back for a redeemed code and an outage, keeps it for a wrong code", async () => {
    const store = new MemoryStateStore();
    const outage = async (): Promise<never> => {
      throw new PortalError("unreachable");
    };
    for (let i = 0; i < 10; i += 1) {
      expect(await tryCode(store, 4, "192.0.2.4", right)).toEqual({ added: 10 });
      expect(await tryCode(store, 4, "192.0.2.4", outage)).toMatchObject({ code: "unreachable" });
    }
    expect((await store.peek("voucher-failures:user:4")).count).toBe(0);
    await tryCode(store, 4, "192.0.2.4");
    expect((await store.peek("voucher-failures:user:4")).count).toBe(1);
    expect((await store.peek("voucher-failures:192.0.2.4")).count).toBe(1);
  });

  it("counts an address's people together, and an IPv6 /64 as one address", async () => {
    const store = new MemoryStateStore();
    const redeem = vi.fn(wrong);
    // Many people behind one /64, each under their own limit.
    for (let person = 0; person < 10; person += 1)
      for (let i = 0; i < 4; i += 1) await tryCode(store, 100 + person, `2001:db8::${person}:${i}`, redeem);
    expect(redeem).toHaveBeenCalledTimes(voucherLimit.perAddress);
    // Another person elsewhere is not asked for anything.
    expect(await tryCode(store, 200, "198.51.100.9", right)).toEqual({ added: 10 });
  });

  it("does not let one person's guesses challenge another person without a known address", async () => {
    const store = new MemoryStateStore();
    for (let i = 0; i < 10; i += 1) await tryCode(store, 5, undefined);
    expect(await tryCode(store, 6, undefined, right)).toEqual({ added: 10 });
  });

  it("counts only the voucher refusals that say the code is wrong", () => {
    expect(isWrongCode(unknownCode())).toBe(true);
    expect(isWrongCode(new PortalError("bad_request", { reason: "voucher_used", field: "code" }))).toBe(true);
    expect(isWrongCode(new PortalError("bad_request", { reason: "body refused", field: "code" }))).toBe(false);
    expect(isWrongCode(new PortalError("locked", { reason: "invalid_voucher" }))).toBe(false);
  });
});
