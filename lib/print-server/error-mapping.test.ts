import { describe, expect, it } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorSentence } from "@/lib/i18n/error-sentence";

const say = (error: PortalError) => errorSentence(error, "en");
import {
  mapApiError,
  mapRefreshError,
  mapSignInError,
  mapTokenError,
  mapTransportError,
  parseRetryAfter,
} from "./error-mapping";

const none = new Headers();

describe("mapTokenError", () => {
  it("maps a refused PIN or password to invalid_credentials without saying which", () => {
    const error = mapTokenError(400, { error: "invalid_grant", error_description: "wrong PIN for alice" }, none);
    expect(error.code).toBe("invalid_credentials");
    expect(say(error)).toContain("PIN or password not recognised");
    expect(error.message).not.toContain("alice");
  });

  it("maps 429 to locked with Retry-After in minutes", () => {
    const error = mapTokenError(429, { error: "too_many_requests" }, new Headers({ "retry-after": "601" }));
    expect(error.code).toBe("locked");
    expect(error.retryAfterSeconds).toBe(601);
    expect(say(error)).toBe("Too many attempts. Try again in 11 minutes.");
  });

  it("maps server failures to unreachable and odd answers to upstream_malformed", () => {
    expect(mapTokenError(502, "<html>bad gateway</html>", none).code).toBe("unreachable");
    expect(mapTokenError(418, null, none).code).toBe("upstream_malformed");
    expect(mapTokenError(401, { error: "invalid_client" }, none).code).toBe("internal");
    expect(mapTokenError(400, { error: "invalid_scope" }, none).code).toBe("forbidden_scope");
    expect(mapTokenError(400, "not json", none).code).toBe("bad_request");
  });
});

describe("mapRefreshError", () => {
  it("ends the session when the refresh token is refused", () => {
    expect(mapRefreshError(400, { error: "invalid_grant" }, none).code).toBe("session_ended");
  });
  it("keeps an outage an outage", () => {
    expect(mapRefreshError(503, {}, none).code).toBe("unreachable");
  });
  it("reads a 429 as a busy server, not as a locked sign-in", () => {
    const error = mapRefreshError(429, {}, new Headers({ "retry-after": "90" }));
    expect(error).toMatchObject({ code: "busy", retryAfterSeconds: 90 });
  });
});

describe("mapApiError", () => {
  it("maps RFC 6750 answers", () => {
    expect(mapApiError(401, { error: "invalid_token" }, none).code).toBe("session_ended");
    expect(mapApiError(403, { error: "insufficient_scope", scope: "reports" }, none).code).toBe("forbidden_scope");
    expect(mapApiError(403, { error: "invalid_token_type" }, none).code).toBe("internal");
    expect(mapApiError(404, { error: "not_found" }, none).code).toBe("not_found");
    expect(mapApiError(400, { error: "invalid_request" }, none).code).toBe("bad_request");
    expect(mapApiError(500, {}, none).code).toBe("unreachable");
  });
  it("reads a 429 as a busy server, with the time to wait", () => {
    const error = mapApiError(429, { error: "too_many_requests" }, new Headers({ "retry-after": "120" }));
    expect(error).toMatchObject({ code: "busy", retryAfterSeconds: 120 });
    expect(say(error)).toBe("The print server is busy. Try again in 2 minutes.");
  });
});

describe("transport and Retry-After", () => {
  it("treats a failed connection as unreachable", () => {
    const error = mapTransportError(new TypeError("fetch failed"));
    expect(error.code).toBe("unreachable");
    expect(say(error)).toBe("The print server cannot be reached right now. Please try again in a moment.");
  });
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:02:00 GMT", now)).toBe(120);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
  it("says 1 minute for a short lock", () => {
    expect(say(new PortalError("locked", { retryAfterSeconds: 20 }))).toBe("Too many attempts. Try again in 1 minute.");
  });
});

describe("MyQ's error body {code, message, data}", () => {
  const myq = (code: number) => ({ code, message: "Invalid operation: Payment provider is disabled.", data: [] });

  it("trusts the status first, whatever code the body names, and logs the code, never the message", () => {
    const notFound = mapApiError(404, myq(400), none);
    expect(notFound.code).toBe("not_found");
    expect(notFound.reason).toBe("myq code 400");
    expect(notFound.message).not.toContain("Payment provider");
    expect(mapApiError(400, myq(404), none).code).toBe("bad_request");
    expect(mapApiError(500, myq(400), none).code).toBe("unreachable");
    expect(mapApiError(401, myq(401), none).code).toBe("session_ended");
    expect(mapApiError(429, myq(429), new Headers({ "retry-after": "30" }))).toMatchObject({
      code: "busy",
      retryAfterSeconds: 30,
    });
  });

  it("reads a 403 in MyQ's shape as a missing right", () => {
    expect(mapApiError(403, myq(403), none).code).toBe("forbidden_scope");
  });

  it("reads a refused sign-in in MyQ's shape as PIN or password not recognised", () => {
    expect(mapSignInError(400, myq(400), none).code).toBe("invalid_credentials");
    expect(mapSignInError(400, { error: "invalid_scope" }, none).code).toBe("forbidden_scope");
    expect(mapSignInError(429, myq(429), none).code).toBe("locked");
    expect(mapTokenError(400, myq(400), none).code).toBe("bad_request");
  });
});
