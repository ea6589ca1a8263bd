import { describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi } from "./api-client";
import { changeOwnPassword, mapSelfServiceError } from "./self-service";

const origin = "https://print.test:8090";

const headers = new Headers();

describe("mapSelfServiceError", () => {
  it.each([
    [403, { error: "not_allowed" }, { code: "not_allowed", field: undefined }],
    [
      403,
      { error: "not_allowed", field: "email" },
      { code: "not_allowed", field: "email", sentenceKey: "profile.answers.fieldNotAllowed" },
    ],
    [
      409,
      { error: "managed_externally" },
      { code: "not_allowed", sentenceKey: "profile.answers.passwordManagedElsewhere" },
    ],
    [400, { error: "invalid_grant" }, { code: "invalid_credentials", field: "currentPassword" }],
    [
      400,
      { error: "invalid_request", field: "newPassword", rule: "requireDigit" },
      { code: "bad_request", field: "newPassword", sentenceKey: "profile.answers.rule.requireDigit" },
    ],
    [
      400,
      { error: "invalid_request", field: "email" },
      { code: "bad_request", field: "email", sentenceKey: "profile.details.field.badEmail" },
    ],
    [
      400,
      { error: "invalid_request", field: "fullname" },
      { code: "bad_request", field: "fullName", sentenceKey: "profile.details.field.badFullName" },
    ],
    [400, { error: "invalid_request" }, { code: "bad_request", field: undefined }],
    [403, { error: "insufficient_scope" }, { code: "forbidden_scope" }],
    [401, { error: "invalid_token" }, { code: "session_ended" }],
    // A real MyQ X without the endpoint, in its own error shape.
    [
      404,
      { code: 404, message: "Not found.", data: [] },
      { code: "not_allowed", sentenceKey: "profile.answers.notOffered" },
    ],
  ])("answers %i %j as %j", (status, body, expected) => {
    expect(mapSelfServiceError(status, body, headers)).toMatchObject(expected);
  });

  it("reads a 429 of the password change as the sign-in limit, with its wait", () => {
    const error = mapSelfServiceError(429, { error: "too_many_requests" }, new Headers({ "retry-after": "120" }));
    expect(error).toMatchObject({ code: "locked", retryAfterSeconds: 120 });
  });
});

describe("changeOwnPassword", () => {
  it("sends the passwords with the person's token and the browser's address", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    let sent: { body?: unknown; authorization?: string; forwarded?: string } = {};
    agent
      .get(origin)
      .intercept({ path: "/api/v3/users/2/password", method: "POST" })
      .reply(204, (options) => {
        const sentHeaders = options.headers as Record<string, string>;
        sent = {
          body: JSON.parse(String(options.body)),
          authorization: sentHeaders.authorization,
          forwarded: sentHeaders["x-forwarded-for"],
        };
        return "";
      });
    const api = createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });
    try {
      const passwords = { currentPassword: "canwefixit", newPassword: "canwefixit2" };
      await changeOwnPassword("user-token", 2, passwords, "203.0.113.7", api);
      expect(sent).toEqual({ body: passwords, authorization: "Bearer user-token", forwarded: "203.0.113.7" });
    } finally {
      await agent.close();
    }
  });
});
