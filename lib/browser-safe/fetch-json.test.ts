import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { PortalError } from "./errors";
import { fetchJson, postJson, retryOnce } from "./fetch-json";

const schema = z.object({ currency: z.string() });

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
});

describe("fetchJson", () => {
  it("answers the checked data, without fields the schema does not name", async () => {
    serve(() => answer(200, { currency: "EUR", extra: 1 }));
    await expect(fetchJson("/api/account/money", schema)).resolves.toEqual({ currency: "EUR" });
  });

  it("rebuilds the route's PortalError: code, sentence and wait", async () => {
    serve(() => answer(429, { error: "busy", message: "The print server is busy.", retryAfterSeconds: 90 }));
    const error = await fetchJson("/x", schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect(error).toMatchObject({ code: "busy", sentence: "The print server is busy.", retryAfterSeconds: 90 });
  });

  it("reads an answer without a readable body by its status", async () => {
    serve(() => answer(401, "<html>"));
    await expect(fetchJson("/x", schema)).rejects.toMatchObject({ code: "session_ended", sentence: undefined });
    serve(() => answer(502, "<html>bad gateway</html>"));
    await expect(fetchJson("/x", schema)).rejects.toMatchObject({ code: "unreachable" });
    serve(() => answer(418, { error: "not a code of ours" }));
    await expect(fetchJson("/x", schema)).rejects.toMatchObject({ code: "internal" });
  });

  it("tells a lost connection to the portal apart from a print server outage", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(fetchJson("/x", schema)).rejects.toMatchObject({ code: "offline" });
    serve(() => answer(503, { error: "unreachable", message: "…" }));
    await expect(fetchJson("/x", schema)).rejects.toMatchObject({ code: "unreachable" });
  });

  it("refuses a success body of the wrong shape", async () => {
    serve(() => answer(200, { currency: 978 }));
    await expect(fetchJson("/x", schema)).rejects.toMatchObject({ code: "upstream_malformed" });
  });

  it("posts JSON", async () => {
    const fetch = serve(() => answer(201, { currency: "CZK" }));
    await expect(postJson("/x", { reportId: 3 }, schema)).resolves.toEqual({ currency: "CZK" });
    const [, init] = fetch.mock.calls[0]!;
    expect(init).toMatchObject({ method: "POST", body: '{"reportId":3}', cache: "no-store" });
    expect(init?.headers).toMatchObject({ "content-type": "application/json", accept: "application/json" });
  });
});

describe("retryOnce", () => {
  it("tries an outage once more but not a missing permission or an ended session", () => {
    expect(retryOnce(0, new PortalError("unreachable"))).toBe(true);
    expect(retryOnce(1, new PortalError("unreachable"))).toBe(false);
    expect(retryOnce(0, new PortalError("forbidden_scope"))).toBe(false);
    expect(retryOnce(0, new PortalError("session_ended"))).toBe(false);
    expect(retryOnce(0, new Error("anything else"))).toBe(true);
  });
});
