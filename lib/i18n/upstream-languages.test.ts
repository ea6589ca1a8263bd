import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current-session", () => ({
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/print-server/client-token", () => ({
  withClientToken: vi.fn(async (call: (token: string) => Promise<unknown>) => call("client-token")),
}));
vi.mock("@/lib/print-server/users", () => ({ getOwnProfile: vi.fn(async () => ({ language: "de" })) }));
vi.mock("@/lib/print-server/server-config", () => ({ serverConfig: vi.fn(async () => ({ language: "cs" })) }));

const { getOwnProfile } = await import("@/lib/print-server/users");
const { serverConfig } = await import("@/lib/print-server/server-config");
const {
  clearUpstreamLanguages,
  languagesForSession,
  languagesWithoutSession,
  languageTtlMs,
  lookupDeadlineMs,
  rememberProfileLanguage,
} = await import("./upstream-languages");

let clock = 0;
const active = (sessionId: string, userId: number) =>
  ({ status: "active", sessionId, session: { userId } }) as Parameters<typeof languagesForSession>[0];
const now = () => clock;

beforeEach(() => {
  clock = 1_000_000;
  clearUpstreamLanguages();
  vi.clearAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("rememberProfileLanguage", () => {
  it("is what the portal knows after a change, on every device, without asking", async () => {
    await languagesForSession(active("s1", 7), now);
    rememberProfileLanguage(7, "cs", now);
    await expect(languagesForSession(active("s2", 7), now)).resolves.toMatchObject({ profileLanguage: "cs" });
    expect(getOwnProfile).toHaveBeenCalledTimes(1);
  });

  it("is not overwritten by a slow lookup that read the old language before the change", async () => {
    vi.useFakeTimers();
    let answer: (value: { language: string }) => void = () => undefined;
    vi.mocked(getOwnProfile).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    const pending = languagesForSession(active("s1", 7), now);
    await vi.advanceTimersByTimeAsync(lookupDeadlineMs);
    await pending;
    clock += 1;
    rememberProfileLanguage(7, "cs", now);
    answer({ language: "en" });
    await vi.advanceTimersByTimeAsync(0);
    await expect(languagesForSession(active("s1", 7), now)).resolves.toMatchObject({ profileLanguage: "cs" });
  });
});

describe("languagesForSession", () => {
  it("reads the profile with the person's token and the server's language", async () => {
    await expect(languagesForSession(active("s1", 7), now)).resolves.toEqual({
      profileLanguage: "de",
      serverLanguage: "cs",
    });
    expect(getOwnProfile).toHaveBeenCalledWith("user-token", 7);
    expect(serverConfig).toHaveBeenCalledWith("user-token");
  });

  it("keeps answers for a few minutes, per person", async () => {
    await languagesForSession(active("s1", 7), now);
    clock += languageTtlMs - 1;
    await languagesForSession(active("s1", 7), now);
    expect(getOwnProfile).toHaveBeenCalledTimes(1);
    await languagesForSession(active("s2", 8), now);
    expect(getOwnProfile).toHaveBeenCalledTimes(2);
    clock += 1;
    await languagesForSession(active("s1", 7), now);
    expect(getOwnProfile).toHaveBeenCalledTimes(3);
  });

  it("answers nothing for a print server that fails, and asks again soon after", async () => {
    vi.mocked(getOwnProfile).mockRejectedValueOnce(new Error("down"));
    vi.mocked(serverConfig).mockRejectedValueOnce(new Error("down"));
    await expect(languagesForSession(active("s1", 7), now)).resolves.toEqual({
      profileLanguage: null,
      serverLanguage: null,
    });
    await languagesForSession(active("s1", 7), now);
    expect(getOwnProfile).toHaveBeenCalledTimes(1);
    clock += 60_000;
    await expect(languagesForSession(active("s1", 7), now)).resolves.toEqual({
      profileLanguage: "de",
      serverLanguage: "cs",
    });
  });

  it("does not hold a page up for a slow print server, and keeps its late answer", async () => {
    vi.useFakeTimers();
    let answer: (value: { language: string }) => void = () => undefined;
    vi.mocked(getOwnProfile).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    const pending = languagesForSession(active("s1", 7), now);
    await vi.advanceTimersByTimeAsync(lookupDeadlineMs);
    await expect(pending).resolves.toEqual({ profileLanguage: null, serverLanguage: "cs" });
    answer({ language: "cs" });
    await vi.advanceTimersByTimeAsync(0);
    await expect(languagesForSession(active("s1", 7), now)).resolves.toEqual({
      profileLanguage: "cs",
      serverLanguage: "cs",
    });
    expect(getOwnProfile).toHaveBeenCalledTimes(1);
  });
});

describe("languagesWithoutSession", () => {
  it("reads only the server's language, with the portal's own token", async () => {
    await expect(languagesWithoutSession(now)).resolves.toEqual({ profileLanguage: null, serverLanguage: "cs" });
    expect(serverConfig).toHaveBeenCalledWith("client-token");
    expect(getOwnProfile).not.toHaveBeenCalled();
  });
});
