import { describe, expect, it } from "vitest";
import { errorBody, PortalError, userMessage } from "./errors";

describe("userMessage", () => {
  it("speaks English unless told otherwise", () => {
    expect(userMessage("invalid_credentials")).toBe("PIN or password not recognised. Check it and try again.");
    expect(userMessage("locked", 61)).toBe("Too many attempts. Try again in 2 minutes.");
  });

  it("speaks the person's language, with its plural forms", () => {
    expect(userMessage("locked", 60, "de")).toBe("Zu viele Versuche. Versuchen Sie es in 1 Minute erneut.");
    expect(userMessage("locked", 180, "cs")).toBe("Příliš mnoho pokusů. Zkuste to znovu za 3 minuty.");
    expect(userMessage("locked", 600, "cs")).toBe("Příliš mnoho pokusů. Zkuste to znovu za 10 minut.");
  });

  it("says the same for a garbled answer as for none", () => {
    expect(userMessage("upstream_malformed", undefined, "de")).toBe(userMessage("unreachable", undefined, "de"));
  });
});

describe("errorBody", () => {
  it("carries the code, the sentence in the language asked for and the wait", () => {
    expect(errorBody(new PortalError("locked", { retryAfterSeconds: 90, reason: "secret detail" }), "de")).toEqual({
      error: "locked",
      message: "Zu viele Versuche. Versuchen Sie es in 2 Minuten erneut.",
      retryAfterSeconds: 90,
    });
  });
});
