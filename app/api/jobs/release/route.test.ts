import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";

const alice = { userId: 1, username: "alice", fullName: "Alice Liddell" };
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session: alice })),
  sessionUser: (session: typeof alice) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));
vi.mock("@/lib/print-server/printer-list", () => ({
  printerChoices: vi.fn(async () => [
    { id: 1, name: "Reception", location: "Ground floor", problem: null },
    { id: 3, name: "Warehouse", location: "Loading bay", problem: "offline" },
  ]),
  forgetPrinterChoices: vi.fn(),
}));

// A print server that prints a release once per key, as the real one does,
// and refuses a key sent again with other jobs (it names another release).
const printedByKey = new Map<string, number[]>();
vi.mock("@/lib/print-server/jobs", () => ({
  releaseJobs: vi.fn(async (_token: string, order: { jobIds: number[]; idempotencyKey: string }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!printedByKey.has(order.idempotencyKey)) printedByKey.set(order.idempotencyKey, order.jobIds);
    const printed = printedByKey.get(order.idempotencyKey)!;
    if (printed.join() !== order.jobIds.join())
      throw new PortalError("bad_request", { reason: "key of another release" });
    return printed;
  }),
  printAllJobs: vi.fn(),
}));

const jobs = await import("@/lib/print-server/jobs");
const printerList = await import("@/lib/print-server/printer-list");
const { PortalError } = await import("@/lib/browser-safe/errors");
const { POST } = await import("./route");
const noParams = { params: Promise.resolve({}) };

function post(body: unknown) {
  return new NextRequest("http://localhost:3000/api/jobs/release", {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify(body),
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  printedByKey.clear();
});

describe("POST /api/jobs/release", () => {
  it("releases the chosen jobs with the user's token and the browser's key", async () => {
    const response = await POST(post({ printerId: 1, jobIds: [41], key: "tap-00000001" }), noParams);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ jobIds: [41] });
    expect(jobs.releaseJobs).toHaveBeenCalledWith("user-token", {
      printerId: 1,
      jobIds: [41],
      idempotencyKey: "tap-00000001",
    });
  });

  it("passes on the print options the person changed; refuses options out of range", async () => {
    const options = { copies: 2, sides: "one", mono: true };
    const response = await POST(post({ printerId: 1, jobIds: [41], key: "tap-00000009", options }), noParams);
    expect(response.status).toBe(202);
    expect(jobs.releaseJobs).toHaveBeenCalledWith("user-token", {
      printerId: 1,
      jobIds: [41],
      idempotencyKey: "tap-00000009",
      options,
    });
    for (const bad of [{ copies: 0 }, { copies: 100 }, { copies: 1.5 }, { sides: "both" }, { mono: "yes" }]) {
      const refused = await POST(post({ printerId: 1, jobIds: [41], key: "tap-00000010", options: bad }), noParams);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: "Copies must be a whole number from 1 to 99. Check the print options and try again.",
      });
    }
    expect(jobs.releaseJobs).toHaveBeenCalledOnce();
  });

  it("a double tap sent twice at once, and 40 retries in parallel, carry one key: one release", async () => {
    const body = { printerId: 1, jobIds: [41, 42], key: "tap-00000002" };
    const twice = await Promise.all([POST(post(body), noParams), POST(post(body), noParams)]);
    const forty = await Promise.all(Array.from({ length: 40 }, () => POST(post(body), noParams)));
    for (const response of [...twice, ...forty]) expect(response.status).toBe(202);
    const keys = vi.mocked(jobs.releaseJobs).mock.calls.map(([, order]) => order.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set(["tap-00000002"]));
    expect(printedByKey.size).toBe(1);
  });

  it("refuses a printer that cannot print before the print server hears of it", async () => {
    const response = await POST(post({ printerId: 3, jobIds: [41], key: "tap-00000003" }), noParams);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: "printer_unavailable",
      message: "That printer cannot print right now. Choose another printer.",
    });
    expect(jobs.releaseJobs).not.toHaveBeenCalled();
  });

  it("refuses an unknown printer and a release without jobs", async () => {
    const unknown = await POST(post({ printerId: 9, jobIds: [41], key: "tap-00000004" }), noParams);
    expect(unknown.status).toBe(404);
    const none = await POST(post({ printerId: 1, key: "tap-00000005" }), noParams);
    expect(none.status).toBe(400);
    const badKey = await POST(post({ printerId: 1, jobIds: [41], key: "x" }), noParams);
    expect(badKey.status).toBe(400);
    expect(jobs.releaseJobs).not.toHaveBeenCalled();
  });

  it("release all asks what is waiting until nothing more is, one key per round", async () => {
    vi.mocked(jobs.printAllJobs)
      .mockResolvedValueOnce({ jobIds: [1, 2], moreJobs: true })
      .mockResolvedValueOnce({ jobIds: [3], moreJobs: false });
    const response = await POST(post({ printerId: 1, all: true, key: "tap-00000006" }), noParams);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ jobIds: [1, 2, 3] });
    const keys = vi.mocked(jobs.releaseJobs).mock.calls.map(([, order]) => order.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    for (const key of keys) expect(key).toMatch(/^tap-00000006-[\w-]{43}$/);
  });

  it("release all sent twice at once with the same jobs waiting gives the print server one key: printed once", async () => {
    vi.mocked(jobs.printAllJobs).mockResolvedValue({ jobIds: [41, 42], moreJobs: false });
    const body = { printerId: 1, all: true, key: "tap-00000011" };
    const answers = await Promise.all([POST(post(body), noParams), POST(post(body), noParams)]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(printedByKey.size).toBe(1);
  });

  it("release all sent again once new jobs wait releases them under a key of their own, not one the print server refuses", async () => {
    // The first printed 41 and 42 (its answer was lost); 43 came since.
    vi.mocked(jobs.printAllJobs)
      .mockResolvedValueOnce({ jobIds: [41, 42], moreJobs: false })
      .mockResolvedValueOnce({ jobIds: [43], moreJobs: false });
    const body = { printerId: 1, all: true, key: "tap-00000012" };
    await POST(post(body), noParams);
    const again = await POST(post(body), noParams);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ jobIds: [43] });
    expect(printedByKey.size).toBe(2);
  });

  it("release all with nothing waiting answers an empty list, not a failure", async () => {
    vi.mocked(jobs.printAllJobs).mockResolvedValueOnce({ jobIds: [], moreJobs: false });
    const response = await POST(post({ printerId: 1, all: true, key: "tap-00000007" }), noParams);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ jobIds: [] });
  });

  it("a printer that went offline since the list was read: 409 in plain words, and the list is read anew", async () => {
    vi.mocked(jobs.releaseJobs).mockRejectedValueOnce(new PortalError("printer_unavailable"));
    const response = await POST(post({ printerId: 1, jobIds: [41], key: "tap-00000008" }), noParams);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: "printer_unavailable",
      message: "That printer cannot print right now. Choose another printer.",
    });
    expect(printerList.forgetPrinterChoices).toHaveBeenCalledOnce();
  });
});
