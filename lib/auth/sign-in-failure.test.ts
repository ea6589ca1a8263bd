import { describe, expect, it } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { failureQuery, failureStateFromQuery, refusalReason, type SignInFailure } from "./sign-in-failure";

// A failed sign-in without JavaScript travels in the sign-in page's URL: the
// page must say what the form's script would have said, in the person's
// language, and nothing else a crafted link could put there.

const roundTrip = (failure: SignInFailure, locale: "en" | "de" | "cs" = "en") =>
  failureStateFromQuery(failureQuery(failure), locale);

describe("a failed sign-in in the sign-in page's URL", () => {
  it("words a refusal as the catalogue does, with the wait in minutes", () => {
    expect(roundTrip({ reason: "other", method: "pin", error: new PortalError("invalid_credentials") })).toEqual({
      method: "pin",
      message: "PIN or password not recognised. Check it and try again.",
    });
    expect(
      roundTrip({ reason: "other", method: "password", error: new PortalError("locked", { retryAfterSeconds: 840 }) }),
    ).toEqual({
      method: "password",
      message: "Too many attempts. Try again in 14 minutes.",
    });
  });

  it("keeps a refusal's own sentence, and says a garbled answer as no answer", () => {
    const paused = new PortalError("locked", { retryAfterSeconds: 60, sentenceKey: "errors.pinSignInPaused" });
    expect(failureQuery({ reason: "other", method: "pin", error: paused })).toMatchObject({
      signInError: "pinSignInPaused",
    });
    expect(roundTrip({ reason: "other", method: "pin", error: new PortalError("upstream_malformed") })?.message).toBe(
      roundTrip({ reason: "other", method: "pin", error: new PortalError("unreachable") })?.message,
    );
  });

  it("puts each refused field's sentence beside it", () => {
    expect(roundTrip({ reason: "other", method: "password", problems: ["enterUsername", "passwordTooLong"] })).toEqual({
      method: "password",
      message: "Please check the highlighted field.",
      fieldErrors: { username: "Enter your user name.", password: "That password is too long." },
    });
  });

  it("speaks the person's language", () => {
    const english = roundTrip(
      { reason: "other", method: "pin", error: new PortalError("invalid_credentials") },
      "en",
    )?.message;
    const german = roundTrip(
      { reason: "other", method: "pin", error: new PortalError("invalid_credentials") },
      "de",
    )?.message;
    expect(german).toBeTruthy();
    expect(german).not.toBe(english);
  });

  it("tells nothing for a query without a failure, or with names that are not the portal's sentences", () => {
    expect(failureStateFromQuery({}, "en")).toBeUndefined();
    for (const name of ["nope", "__proto__", "constructor", "../signIn.title", "signIn.title", ""]) {
      expect(failureStateFromQuery({ signInError: name }, "en"), name).toBeUndefined();
    }
    expect(failureStateFromQuery({ signInFields: "secret,<script>" }, "en")).toBeUndefined();
  });

  it("brings the challenge back to the form after a refusal that needs one", () => {
    for (const code of ["challenge_required", "challenge_failed"] as const)
      expect(roundTrip({ reason: "challenge-needed", method: "pin", error: new PortalError(code) })).toMatchObject({
        method: "pin",
        challenge: true,
      });
    expect(
      roundTrip({ reason: "other", method: "pin", error: new PortalError("invalid_credentials") }),
    ).not.toHaveProperty("challenge");
  });

  it("names the reason of a refusal for the list of sign-in attempts", () => {
    expect(refusalReason(new PortalError("invalid_credentials"))).toBe("wrong-credentials");
    expect(refusalReason(new PortalError("challenge_required"))).toBe("challenge-needed");
    expect(refusalReason(new PortalError("challenge_failed"))).toBe("challenge-failed");
    expect(refusalReason(new PortalError("unreachable"))).toBe("other");
  });
});
