import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi } from "./api-client";
import { hasOwnPassword } from "./users";

// Who has a password: our print server says it; MyQ's record does not, and
// the portal then takes the stricter answer (contract-assumptions.ts).

const origin = "https://print.test:8090";
const record = { id: 2, username: "bob", fullname: "Bob Builder", email: null, code: null, lang: "en" };
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

function answering(body: object) {
  agent
    .get(origin)
    .intercept({ path: (path) => path.startsWith("/api/v3/users/2"), method: "GET" })
    .reply(200, body, { headers: { "content-type": "application/json" } });
  return createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });
}

describe("hasOwnPassword", () => {
  it("believes the print server's hasPassword", async () => {
    expect(await hasOwnPassword("t", 2, answering({ ...record, syncSource: "", hasPassword: false }))).toBe(false);
    expect(await hasOwnPassword("t", 2, answering({ ...record, syncSource: "", hasPassword: true }))).toBe(true);
  });

  it("takes a password for granted where the server does not say (MyQ)", async () => {
    expect(await hasOwnPassword("t", 2, answering({ ...record, syncSource: "LDAP" }))).toBe(true);
    expect(await hasOwnPassword("t", 2, answering({ ...record, syncSource: "" }))).toBe(true);
  });
});
