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
vi.mock("@/lib/print-server/reports", () => ({
  listReports: vi.fn(async () => [{ id: 3, name: "My monthly summary", formats: ["pdf", "csv"] }]),
  startExecution: vi.fn(async () => 41),
  probeExecution: vi.fn(async () => "running"),
  openDownload: vi.fn(async () => ({ status: "gone" })),
}));

const reports = await import("@/lib/print-server/reports");
const { PortalError } = await import("@/lib/browser-safe/errors");
const { localeOfRequest } = await import("@/lib/i18n/request-locale");
const { POST } = await import("./route");
const status = await import("./[id]/status/route");
const download = await import("./[id]/download/route");

const noParams = { params: Promise.resolve({}) };

function post(body: unknown, headers: Record<string, string> = { "sec-fetch-site": "same-origin" }) {
  return new NextRequest("http://localhost:3000/api/reports/executions", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
const params = (id: string) => ({ params: Promise.resolve({ id }) });

beforeEach(() => vi.clearAllMocks());

describe("POST /api/reports/executions", () => {
  it("starts an offered report and answers its handle and name", async () => {
    const response = await POST(post({ reportId: 3, format: "csv" }), noParams);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      executionId: 41,
      reportId: 3,
      reportName: "My monthly summary",
      format: "csv",
    });
    expect(reports.startExecution).toHaveBeenCalledWith("user-token", 3, "csv");
  });

  it.each([
    [{ reportId: "3", format: "csv" }, "Choose a report from the list."],
    [{ reportId: 3.5, format: "csv" }, "Choose a report from the list."],
    [{ format: "csv" }, "Choose a report from the list."],
    ["not json", "Choose a report from the list."],
    [{ reportId: 3, format: "exe" }, "This report cannot be made in that format. Choose one of the formats offered."],
    [{ reportId: 3 }, "This report cannot be made in that format. Choose one of the formats offered."],
  ])("answers 400 for %j before the print server hears of it", async (body, message) => {
    const response = await POST(post(body), noParams);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "bad_request", message });
    expect(reports.listReports).not.toHaveBeenCalled();
    expect(reports.startExecution).not.toHaveBeenCalled();
  });

  it("refuses a format the report does not offer without starting it", async () => {
    const response = await POST(post({ reportId: 3, format: "xml" }), noParams);
    expect(response.status).toBe(400);
    expect(reports.startExecution).not.toHaveBeenCalled();
  });

  it("answers 404 for a report the person may not run", async () => {
    const response = await POST(post({ reportId: 4, format: "csv" }), noParams);
    expect(response.status).toBe(404);
    expect(reports.startExecution).not.toHaveBeenCalled();
  });

  it("says that too many reports are being made when the print server limits them", async () => {
    vi.mocked(reports.startExecution).mockRejectedValueOnce(
      new PortalError("busy", { upstreamStatus: 429, retryAfterSeconds: 30 }),
    );
    const response = await POST(post({ reportId: 3, format: "csv" }), noParams);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({
      error: "too_many_running",
      message: "Many of your reports are still being made. Wait until one is ready, then run this one again.",
      retryAfterSeconds: 30,
    });
  });
});

describe("execution routes", () => {
  it.each(["abc", "0", "-1", "1.5", "1e3", "99999999999999999999"])("answer 400 for the id %s", async (id) => {
    const request = new NextRequest(`http://localhost:3000/api/reports/executions/${id}/status`);
    expect((await status.GET(request, params(id))).status).toBe(400);
    expect((await download.GET(request, params(id))).status).toBe(400);
    expect(reports.probeExecution).not.toHaveBeenCalled();
    expect(reports.openDownload).not.toHaveBeenCalled();
  });

  it("answer the status and a plain 410 for a file that is gone", async () => {
    const request = new NextRequest("http://localhost:3000/api/reports/executions/5/status");
    const answer = await status.GET(request, params("5"));
    expect(await answer.json()).toEqual({ status: "running" });
    const gone = await download.GET(request, params("5"));
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({
      error: "gone",
      message: "This report file is no longer available. Run the report again.",
    });
  });

  it("answer in the person's language", async () => {
    vi.mocked(localeOfRequest).mockResolvedValue("de");
    const request = new NextRequest("http://localhost:3000/api/reports/executions/5/download");
    const gone = await download.GET(request, params("5"));
    vi.mocked(localeOfRequest).mockResolvedValue("en");
    expect(await gone.json()).toEqual({
      error: "gone",
      message: "Diese Berichtsdatei ist nicht mehr verfügbar. Starten Sie den Bericht erneut.",
    });
  });

  it("answer a print server outage in the person's language", async () => {
    const { PortalError } = await import("@/lib/browser-safe/errors");
    vi.mocked(reports.probeExecution).mockRejectedValueOnce(new PortalError("unreachable"));
    vi.mocked(localeOfRequest).mockResolvedValue("cs");
    const answer = await status.GET(
      new NextRequest("http://localhost:3000/api/reports/executions/5/status"),
      params("5"),
    );
    vi.mocked(localeOfRequest).mockResolvedValue("en");
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: "unreachable",
      message: "Tiskový server je teď nedostupný. Zkuste to prosím za chvíli znovu.",
    });
  });

  it("answer 404 for someone else's execution", async () => {
    vi.mocked(reports.probeExecution).mockResolvedValueOnce("unknown");
    vi.mocked(reports.openDownload).mockResolvedValueOnce({ status: "unknown" });
    const request = new NextRequest("http://localhost:3000/api/reports/executions/5/status");
    expect((await status.GET(request, params("5"))).status).toBe(404);
    expect((await download.GET(request, params("5"))).status).toBe(404);
  });
});
