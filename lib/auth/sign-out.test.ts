import { beforeEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";

// Signing out: the stored session is forgotten, its refresh token revoked at
// the print server, and Auth.js clears the cookie; with the state store or the
// print server out, the cookie is cleared all the same.

const deleteSession = vi.fn(async () => undefined);
vi.mock("@/lib/auth/auth", () => ({ signOut: vi.fn(async () => "/") }));
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(),
  sessionIdOfRequest: vi.fn(async () => "s1"),
  isStoreOutage: (error: unknown) => error instanceof PortalError && error.code === "unavailable",
}));
vi.mock("./pending-sign-outs", () => ({ rememberSignOut: vi.fn() }));
vi.mock("@/lib/state/configured-state-store", () => ({ stateStore: () => ({ deleteSession }) }));
const revokeRefreshToken = vi.fn<(token: string) => Promise<boolean>>(async () => true);
vi.mock("@/lib/print-server/token-endpoint", () => ({ revokeRefreshToken }));
vi.mock("@/lib/log", () => ({ log: { info: vi.fn(), warn: vi.fn() }, errorFields: () => ({}) }));

const { signOut } = await import("@/lib/auth/auth");
const { currentSession } = await import("@/lib/auth/current-session");
const { log } = await import("@/lib/log");
const { rememberSignOut } = await import("./pending-sign-outs");
const { signOutHere } = await import("./sign-out");

beforeEach(() => {
  vi.clearAllMocks();
});

describe("signOutHere", () => {
  const active = (refreshToken?: string) =>
    ({
      status: "active",
      sessionId: "s1",
      session: { userId: 2, tokens: { accessToken: "at", ...(refreshToken && { refreshToken }) } },
    }) as never;

  it("forgets the stored session (and its index entry), revokes its refresh token and clears the cookie", async () => {
    vi.mocked(currentSession).mockResolvedValue(active("rt-1"));
    await expect(signOutHere()).resolves.toBe("signed-out");
    expect(deleteSession).toHaveBeenCalledWith("s1", 2);
    expect(revokeRefreshToken).toHaveBeenCalledWith("rt-1");
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
    expect(rememberSignOut).not.toHaveBeenCalled();
  });

  it("signs out when the print server cannot revoke, and says so in the log", async () => {
    vi.mocked(currentSession).mockResolvedValue(active("rt-1"));
    revokeRefreshToken.mockRejectedValueOnce(new PortalError("unreachable"));
    await signOutHere();
    expect(deleteSession).toHaveBeenCalledWith("s1", 2);
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
    expect(log.warn).toHaveBeenCalledWith("refresh token not revoked at sign-out", {});
  });

  it("revokes nothing for a session without a refresh token (single sign-on)", async () => {
    vi.mocked(currentSession).mockResolvedValue(active());
    await signOutHere();
    expect(revokeRefreshToken).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
  });

  it("clears the cookie of a session that had already ended", async () => {
    vi.mocked(currentSession).mockResolvedValue({ status: "ended" } as never);
    await signOutHere();
    expect(deleteSession).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
  });

  it("clears the cookie even when the state store is out, says so, and ends the session once the store is back", async () => {
    vi.mocked(currentSession).mockRejectedValue(new PortalError("unavailable"));
    await expect(signOutHere()).resolves.toBe("store-out");
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
    expect(rememberSignOut).toHaveBeenCalledWith("s1", expect.objectContaining({ revoke: expect.any(Function) }));
    expect(log.warn).toHaveBeenCalledWith("signed out; the stored session ends once the state store answers", {});
  });
});
