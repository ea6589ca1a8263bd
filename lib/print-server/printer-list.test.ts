import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi } from "./api-client";
import { forgetPrinterChoices, printerChoices } from "./printer-list";

const origin = "https://print.test:8090";
let agent: MockAgent;
const api = () => createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });

const device = (id: number, name: string, state: string, mode: string | undefined, location: string) => ({
  id,
  name,
  state,
  ...(mode ? { mode } : {}),
  location,
  ipAddress: "10.0.0.5",
  serialNumber: "SN-SECRET",
  mac: "00:11:22:33:44:55",
  terminalId: "T1",
  brand: "Brand",
  model: "Model",
  notes: "",
  enforcedModel: "",
  configurationId: 1,
});

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

describe("printerChoices", () => {
  it("reads printers with the portal's client token and keeps only name, location and why it cannot print", async () => {
    agent
      .get(origin)
      .intercept({
        path: "/api/v3/printers?limit=1000&start=0",
        headers: { authorization: "Bearer client-token" },
      })
      .reply(200, {
        printers: [
          device(2, "Reception", "active", "online", "Ground floor"),
          device(3, "Warehouse", "active", "offline", "Loading bay"),
          device(5, "Design studio", "active", "withIssue", "3rd floor"),
          device(6, "Old copier", "disabled", "online", "Basement"),
          device(7, "MyQ device", "active", undefined, "1st floor"),
        ],
        count: 5,
      });
    const choices = await printerChoices({ api: api(), token: async () => "client-token", cache: {} });
    expect(choices).toEqual([
      { id: 5, name: "Design studio", location: "3rd floor", problem: "problem" },
      { id: 7, name: "MyQ device", location: "1st floor", problem: null },
      { id: 6, name: "Old copier", location: "Basement", problem: "disabled" },
      { id: 2, name: "Reception", location: "Ground floor", problem: null },
      { id: 3, name: "Warehouse", location: "Loading bay", problem: "offline" },
    ]);
    expect(JSON.stringify(choices)).not.toMatch(/10\.0\.0\.5|SN-SECRET|00:11/);
  });

  it("serves one answer for a few seconds and shares one request among callers who miss together", async () => {
    let now = 1_000;
    let requests = 0;
    agent
      .get(origin)
      .intercept({ path: "/api/v3/printers?limit=1000&start=0" })
      .reply(() => {
        requests += 1;
        return { statusCode: 200, data: { printers: [device(1, "Reception", "active", "online", "")], count: 1 } };
      })
      .times(2);
    const cache = {};
    const options = { api: api(), token: async () => "client-token", cache, now: () => now };
    await Promise.all(Array.from({ length: 5 }, () => printerChoices(options)));
    expect(requests).toBe(1);
    now += 4_000;
    await printerChoices(options);
    expect(requests).toBe(1);
    now += 2_000;
    await printerChoices(options);
    expect(requests).toBe(2);
  });

  it("a printer refused a release: the next caller reads the list anew, fresh or not", async () => {
    let requests = 0;
    agent
      .get(origin)
      .intercept({ path: "/api/v3/printers?limit=1000&start=0" })
      .reply(() => {
        requests += 1;
        const mode = requests === 1 ? "online" : "offline";
        return { statusCode: 200, data: { printers: [device(1, "Reception", "active", mode, "")], count: 1 } };
      })
      .times(2);
    const cache = {};
    const options = { api: api(), token: async () => "client-token", cache, now: () => 1_000 };
    expect((await printerChoices(options))[0]?.problem).toBeNull();
    forgetPrinterChoices(cache);
    expect((await printerChoices(options))[0]?.problem).toBe("offline");
    expect(requests).toBe(2);
  });

  it("a refused client token never reads as the person's session ending", async () => {
    agent.get(origin).intercept({ path: "/api/v3/printers?limit=1000&start=0" }).reply(401, { error: "invalid_token" });
    await expect(printerChoices({ api: api(), token: async () => "bad", cache: {} })).rejects.toMatchObject({
      code: "internal",
    });
  });
});
