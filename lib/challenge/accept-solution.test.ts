import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { acceptSolution, requireSolvedChallenge } from "./accept-solution";
import { challengeSecrets } from "./challenge-secrets";
import { challengeRules, issueChallenge } from "./issue-challenge";

const secrets = challengeSecrets("a test secret of at least thirty-two characters");

/** What the widget sends: base64 of the challenge and its solution. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("acceptSolution", { timeout: 60_000 }, () => {
  it("accepts a solved challenge once, also when the same solution arrives 10 times at once", async () => {
    const store = new MemoryStateStore();
    const payload = await solved(await issueChallenge({ secrets }));
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => acceptSolution(payload, { store, secrets })));
    expect(outcomes.filter((outcome) => outcome === "solved")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "failed")).toHaveLength(9);
    expect(await acceptSolution(payload, { store, secrets })).toBe("failed");
  });

  it("refuses a missing, garbled, forged or expired solution", async () => {
    const store = new MemoryStateStore();
    expect(await acceptSolution(undefined, { store, secrets })).toBe("missing");
    expect(await acceptSolution("", { store, secrets })).toBe("missing");
    expect(await acceptSolution("bm90IGpzb24=", { store, secrets })).toBe("failed");
    // Signed with another portal's secret.
    const foreign = await solved(await issueChallenge({ secrets: challengeSecrets("x".repeat(40)) }));
    expect(await acceptSolution(foreign, { store, secrets })).toBe("failed");
    // Issued longer ago than a challenge lives.
    const old = await issueChallenge({ secrets, now: () => Date.now() - (challengeRules.lifetimeSeconds + 5) * 1000 });
    expect(await acceptSolution(await solved(old), { store, secrets })).toBe("failed");
    // A wrong counter for a genuine challenge.
    const challenge = await issueChallenge({ secrets });
    const wrong = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: "00" } })).toString(
      "base64",
    );
    expect(await acceptSolution(wrong, { store, secrets })).toBe("failed");
  });

  it("requireSolvedChallenge says which: required without one, failed for a used one", async () => {
    const store = new MemoryStateStore();
    const payload = await solved(await issueChallenge({ secrets }));
    await expect(requireSolvedChallenge(null, { store, secrets })).rejects.toMatchObject({
      code: "challenge_required",
    });
    await expect(requireSolvedChallenge(payload, { store, secrets })).resolves.toBeUndefined();
    const replay = await requireSolvedChallenge(payload, { store, secrets }).catch((error: unknown) => error);
    expect(replay).toBeInstanceOf(PortalError);
    expect(replay).toMatchObject({ code: "challenge_failed" });
  });
});
