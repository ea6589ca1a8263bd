import { afterEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "./errors";
import { fetchJson, postJson } from "./fetch-json";

interface Money {
  currency: string;
}

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function serve(response: () => Response | Promise<Response>) {
  const fetch = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () => response());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("fetchJson", () => {
  it("answers the route's JSON", async () => {
    serve(() => answer(200, { currency: "EUR" }));
    await expect(fetchJson<Money>("/api/account/money")).resolves.toEqual({ currency: "EUR" });
  });

  it("rebuilds the route's PortalError: code, sentence and wait", async () => {
    serve(() => answer(429, { error: "busy", message: "The print server is busy.", retryAfterSeconds: 90 }));
    const error = await fetchJson<Money>("/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect(error).toMatchObject({ code: "busy", sentence: "The print server is busy.", retryAfterSeconds: 90 });
  });

  it("keeps a form's refused fields with their sentences, and only sentences", async () => {
    const fields = { pin: "A PIN has digits only.", username: "Enter your user name." };
    serve(() => answer(400, { error: "bad_request", message: "Please check the highlighted field.", fields }));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "bad_request", fields });
    serve(() => answer(400, { error: "bad_request", fields: { pin: 3 } }));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "bad_request", fields: undefined });
  });

  it("reads an answer without a readable body by its status", async () => {
    serve(() => answer(401, "<html>"));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "session_ended", sentence: undefined });
    serve(() => answer(502, "<html>bad gateway</html>"));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "unreachable" });
    serve(() => answer(418, { error: "not a code of ours" }));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "internal" });
  });

  it("tells a lost connection to the portal apart from a print server outage", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "offline" });
    serve(() => answer(503, { error: "unreachable", message: "…" }));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "unreachable" });
  });

  it("refuses a success that is not a JSON object or list (a proxy's page, a cut answer)", async () => {
    serve(() => answer(200, "<html>sign in to the network</html>"));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "upstream_malformed" });
    serve(() => answer(200, '{"currency": "E'));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "upstream_malformed" });
    serve(() => answer(200, "978"));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "upstream_malformed" });
  });

  it("reads a refusal with fields of the wrong kind by its status", async () => {
    serve(() => answer(429, { error: "busy", retryAfterSeconds: "soon" }));
    await expect(fetchJson<Money>("/x")).rejects.toMatchObject({ code: "internal" });
  });

  it("posts JSON", async () => {
    const fetch = serve(() => answer(201, { currency: "CZK" }));
    await expect(postJson<Money>("/x", { reportId: 3 })).resolves.toEqual({ currency: "CZK" });
    const [, init] = fetch.mock.calls[0]!;
    expect(init).toMatchObject({ method: "POST", body: '{"reportId":3}', cache: "no-store" });
    expect(init?.headers).toMatchObject({ "content-type": "application/json", accept: "application/json" });
  });
});
