import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { fetchPanelData, PanelError, retryOnce } from "./panel-request";

const schema = z.object({ currency: z.string() });

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchPanelData", () => {
  it("answers the checked data", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { currency: "EUR", extra: 1 })),
    );
    await expect(fetchPanelData("/api/account/money", schema)).resolves.toEqual({ currency: "EUR" });
  });

  it("reads only the error code of a failure, with its retry time", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(429, { error: "locked", message: "ignored", retryAfterSeconds: 90 })),
    );
    const error = await fetchPanelData("/x", schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ failure: "locked", retryAfterSeconds: 90 });
  });

  it("treats a 401 without a readable body as an ended session", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(401, "<html>")),
    );
    await expect(fetchPanelData("/x", schema)).rejects.toMatchObject({ failure: "session_ended" });
  });

  it("tells a lost connection to the portal apart from a print server outage", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(fetchPanelData("/x", schema)).rejects.toMatchObject({ failure: "offline" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(503, { error: "unreachable", message: "…" })),
    );
    await expect(fetchPanelData("/x", schema)).rejects.toMatchObject({ failure: "unreachable" });
  });

  it("refuses a success body of the wrong shape", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { currency: 978 })),
    );
    await expect(fetchPanelData("/x", schema)).rejects.toMatchObject({ failure: "upstream_malformed" });
  });
});

describe("retryOnce", () => {
  it("tries an outage once more but not a missing permission or an ended session", () => {
    expect(retryOnce(0, new PanelError("unreachable"))).toBe(true);
    expect(retryOnce(1, new PanelError("unreachable"))).toBe(false);
    expect(retryOnce(0, new PanelError("forbidden_scope"))).toBe(false);
    expect(retryOnce(0, new PanelError("session_ended"))).toBe(false);
  });
});
