import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { selfServiceFallback } from "@/lib/browser-safe/contract-assumptions";
import { createPrintServerApi } from "./api-client";
import { clearServerConfigCache, serverConfig, serverConfigTtlMs, toServerConfig } from "./server-config";

const origin = "https://print.test:8090";
const config = {
  language: "en",
  currency: "EUR",
  printingMethods: ["pull-print"],
  jobFormats: ["PDF"],
  accountingMode: "accountingGroups",
  credit: { enabled: true },
  quota: { enabled: false },
};
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  clearServerConfigCache();
});
afterEach(async () => {
  await agent.close();
});

function api() {
  return createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });
}

describe("serverConfig", () => {
  it("reads what users may change themselves, and falls back when the server does not say", () => {
    const selfService = {
      pinChange: { allowed: false, length: 8 },
      profileEditing: true,
      passwordRules: { minLength: 8, maxLength: 128, requireLetter: true, requireDigit: true },
    };
    expect(toServerConfig({ ...config, selfService }).selfService).toEqual(selfService);
    expect(toServerConfig({ ...config, selfService: { pinChange: "yes" } }).selfService).toEqual(selfServiceFallback);
    // Rules not known are not made up: the form shows none (the server's refusal names the rule broken).
    expect(selfServiceFallback.passwordRules).toBeNull();
  });

  it("keeps only what the portal uses", () => {
    expect(toServerConfig(config)).toEqual({ language: "en", currency: "EUR", selfService: selfServiceFallback });
    expect(toServerConfig({ ...config, currency: "czk" })).toEqual({
      language: "en",
      currency: "CZK",
      selfService: selfServiceFallback,
    });
  });

  it("asks once and serves the cached answer until the time to live has passed", async () => {
    let asked = 0;
    let authorization: unknown;
    agent
      .get(origin)
      .intercept({ path: "/api/v3/server/config", method: "GET" })
      .reply(200, (options) => {
        asked += 1;
        authorization = (options.headers as Record<string, string>).authorization;
        return config;
      })
      .times(2);
    let now = 1_000_000;
    const options = { api: api(), now: () => now };
    await serverConfig("user-token", options);
    now += serverConfigTtlMs - 1;
    expect((await serverConfig("other-token", options)).currency).toBe("EUR");
    expect(asked).toBe(1);
    expect(authorization).toBe("Bearer user-token");
    now += 2;
    await serverConfig("other-token", options);
    expect(asked).toBe(2);
  });

  it("does not keep a failure: the next call asks again", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(503, { error: "unavailable" });
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, config);
    await expect(serverConfig("t", { api: api() })).rejects.toMatchObject({ code: "unreachable" });
    expect((await serverConfig("t", { api: api() })).currency).toBe("EUR");
  });

  it("reads a field of another shape, a body of another shape or a missing endpoint as unknown, never as an error", async () => {
    expect(toServerConfig({ ...config, currency: 978 })).toEqual({
      language: "en",
      currency: null,
      selfService: selfServiceFallback,
    });
    expect(toServerConfig({ settings: { lang: "de" } })).toEqual({
      language: null,
      currency: null,
      selfService: selfServiceFallback,
    });
    expect(toServerConfig("1")).toEqual({ language: null, currency: null, selfService: selfServiceFallback });
    agent
      .get(origin)
      .intercept({ path: "/api/v3/server/config", method: "GET" })
      .reply(404, { code: 404, message: "Not found", data: [] });
    expect(await serverConfig("t", { api: api() })).toEqual({
      language: null,
      currency: null,
      selfService: selfServiceFallback,
    });
  });
});
