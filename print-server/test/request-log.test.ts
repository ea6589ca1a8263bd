import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { pollUntil } from "./support/poll.js";
import type { RegisteredClient } from "./support/api-target.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { ALICE, userToken } from "./support/tokens.js";

let server: TestApp;
let client: RegisteredClient;

beforeAll(async () => {
  server = await buildTestApp();
  client = await server.registerClient("users reports offline.access");
});

afterAll(async () => {
  await server.close();
});

describe("request log", () => {
  it("writes one JSON line per request with method, route, status, duration, client and user, and nothing secret", async () => {
    const signIn = await userToken(server, client, "users reports offline.access", {
      type: 3,
      user: "alice",
      pwd: ALICE.password,
    });
    expect(signIn.status).toBe(200);
    const wrong = await userToken(server, client, "users", { type: 4, card: ALICE.card, pin: "271828" });
    expect(wrong.status).toBe(400);
    const me = await call(server, "getUser", { token: signIn.json.access_token, params: { id: ALICE.id } });
    expect(me.status).toBe(200);
    const find = await call(server, "findUser", { token: signIn.json.access_token, query: { card: ALICE.card } });
    expect(find.status).toBe(403);
    // The line is written once the answer has gone out, which may be just after the caller has it.
    const requestLines = () => server.logs.filter((l) => l.msg === "request");
    await pollUntil(async () => (requestLines().length >= 4 ? true : undefined));

    const requests = requestLines();
    expect(requests).toHaveLength(4);
    expect(requests[0]).toMatchObject({
      method: "POST",
      route: "/api/auth/token",
      status: 200,
      clientId: client.clientId,
      userId: ALICE.id,
    });
    expect(requests[1]).toMatchObject({
      method: "POST",
      route: "/api/auth/token",
      status: 400,
      clientId: client.clientId,
    });
    expect(requests[1]?.userId).toBeUndefined();
    expect(requests[2]).toMatchObject({
      method: "GET",
      route: "/api/v3/users/:id",
      status: 200,
      clientId: client.clientId,
      userId: ALICE.id,
    });
    expect(requests[3]).toMatchObject({ route: "/api/v3/users/find", status: 403 });
    for (const line of requests) expect(typeof line.durationMs).toBe("number");

    const output = server.output();
    for (const secret of [
      ALICE.password,
      ALICE.card,
      "271828",
      client.clientSecret,
      signIn.json.access_token,
      signIn.json.refresh_token,
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it("answers an unknown path with a JSON 404 and logs it", async () => {
    const res = await server.fetch("/api/v9/nothing");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });
});
