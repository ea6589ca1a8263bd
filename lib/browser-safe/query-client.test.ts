// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { onActionOutcome, type ActionOutcome } from "./action-outcome";
import { PortalError } from "./errors";
import { makeQueryClient, retryRead, retryReadDelayMs } from "./query-client";

afterEach(() => {
  vi.useRealTimers();
});

describe("the retry rule of the error contract", () => {
  it("tries twice more where another try may help", () => {
    expect(retryRead(0, new PortalError("unreachable"))).toBe(true);
    expect(retryRead(1, new PortalError("offline"))).toBe(true);
    expect(retryRead(2, new PortalError("unreachable"))).toBe(false);
    expect(retryRead(0, new Error("anything else"))).toBe(true);
  });

  it("never tries again after a final failure", () => {
    for (const code of ["session_ended", "forbidden_scope", "not_found", "not_allowed", "bad_request"] as const)
      expect(retryRead(0, new PortalError(code)), code).toBe(false);
  });

  it("waits as long as the route asks, and leaves a long wait to the person", () => {
    const busy = new PortalError("busy", { retryAfterSeconds: 3 });
    expect(retryRead(0, busy)).toBe(true);
    expect(retryReadDelayMs(0, busy)).toBe(3000);
    expect(retryRead(0, new PortalError("busy", { retryAfterSeconds: 60 }))).toBe(false);
    expect(retryReadDelayMs(0, new PortalError("unreachable"))).toBe(1000);
    expect(retryReadDelayMs(1, new PortalError("unreachable"))).toBe(2000);
  });

  it("is the client's: a final failure is read once, an outage three times", async () => {
    vi.useFakeTimers();
    const client = makeQueryClient();
    const signedOut = vi.fn(() => Promise.reject(new PortalError("session_ended")));
    const down = vi.fn(() => Promise.reject(new PortalError("unreachable")));
    const first = client.fetchQuery({ queryKey: ["a"], queryFn: signedOut }).catch((error: unknown) => error);
    const second = client.fetchQuery({ queryKey: ["b"], queryFn: down }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await first).toMatchObject({ code: "session_ended" });
    expect(await second).toMatchObject({ code: "unreachable" });
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(down).toHaveBeenCalledTimes(3);
  });

  it("sends a change once, whatever its failure", async () => {
    const client = makeQueryClient();
    const send = vi.fn(() => Promise.reject(new PortalError("unreachable")));
    await expect(client.getMutationCache().build(client, { mutationFn: send }).execute(undefined)).rejects.toThrow();
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe("each change's outcome", () => {
  it("is announced: a refusal for an ended session as such, anything else as answered", async () => {
    const heard: ActionOutcome[] = [];
    const stop = onActionOutcome((outcome) => heard.push(outcome));
    const client = makeQueryClient();
    const run = (mutationFn: () => Promise<unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationFn })
        .execute(undefined)
        .catch(() => undefined);
    await run(() => Promise.resolve({}));
    await run(() => Promise.reject(new PortalError("session_ended")));
    await run(() => Promise.reject(new PortalError("bad_request")));
    stop();
    expect(heard).toEqual(["answered", "session_ended", "answered"]);
  });
});
