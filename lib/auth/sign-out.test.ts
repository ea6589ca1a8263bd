import { beforeEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";

// Signing out: the stored session is forgotten and Auth.js clears the cookie;
// with the state store out, the cookie is cleared all the same.

const deleteSession = vi.fn(async () => undefined);
vi.mock("@/lib/auth/auth", () => ({ signOut: vi.fn(async () => "/") }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => ({ deleteSession }) }));
vi.mock("@/lib/log", () => ({ log: { info: vi.fn(), warn: vi.fn() }, errorFields: () => ({}) }));

const { signOut } = await import("@/lib/auth/auth");
const { currentSession } = await import("@/lib/auth/current-session");
const { log } = await import("@/lib/log");
const { signOutHere } = await import("./sign-out");

beforeEach(() => {
  vi.clearAllMocks();
});

describe("signOutHere", () => {
  it("forgets the stored session and clears the cookie, without Auth.js redirecting", async () => {
    vi.mocked(currentSession).mockResolvedValue({ status: "active", sessionId: "s1" } as never);
    await signOutHere();
    expect(deleteSession).toHaveBeenCalledWith("s1");
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
  });

  it("clears the cookie of a session that had already ended", async () => {
    vi.mocked(currentSession).mockResolvedValue({ status: "ended" } as never);
    await signOutHere();
    expect(deleteSession).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
  });

  it("clears the cookie even when the state store is out, and says so in the log", async () => {
    vi.mocked(currentSession).mockRejectedValue(new PortalError("unavailable"));
    await signOutHere();
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
    expect(log.warn).toHaveBeenCalledWith("signed out without forgetting the stored session", {});
  });
});
