import { afterEach, describe, expect, it, vi } from "vitest";
import { errorCodes, PortalError } from "@/lib/browser-safe/errors";
import { locales } from "@/lib/browser-safe/locales";
import { errorSentence } from "@/lib/i18n/error-sentence";
import { errorAnswer } from "./error-response";

afterEach(() => vi.restoreAllMocks());

describe("errorSentence", () => {
  it("speaks the person's language, with its plural forms", () => {
    const locked = (seconds: number) => new PortalError("locked", { retryAfterSeconds: seconds });
    expect(errorSentence(new PortalError("invalid_credentials"), "en")).toBe(
      "PIN or password not recognised. Check it and try again.",
    );
    expect(errorSentence(locked(61), "en")).toBe("Too many attempts. Try again in 2 minutes.");
    expect(errorSentence(locked(60), "de")).toBe("Zu viele Versuche. Versuchen Sie es in 1 Minute erneut.");
    expect(errorSentence(locked(180), "cs")).toBe("Příliš mnoho pokusů. Zkuste to znovu za 3 minuty.");
    expect(errorSentence(locked(600), "cs")).toBe("Příliš mnoho pokusů. Zkuste to znovu za 10 minut.");
  });

  it("says the same for a garbled answer as for none", () => {
    expect(errorSentence(new PortalError("upstream_malformed"), "de")).toBe(
      errorSentence(new PortalError("unreachable"), "de"),
    );
  });

  it("says a refusal's own sentence when it names one", () => {
    const gone = new PortalError("gone", { sentenceKey: "reports.answers.fileGone" });
    expect(errorSentence(gone, "en")).toBe("This report file is no longer available. Run the report again.");
  });

  it("has a sentence for every code in every language", () => {
    for (const locale of locales) {
      for (const code of errorCodes) {
        const sentence = errorSentence(new PortalError(code), locale);
        expect(sentence, `${locale} ${code}`).not.toMatch(/^errors\./);
        expect(sentence.length, `${locale} ${code}`).toBeGreaterThan(10);
      }
    }
  });
});

describe("errorAnswer", () => {
  it("carries the code, the sentence in the language asked for and the wait, never the detail", async () => {
    const answer = errorAnswer(new PortalError("locked", { retryAfterSeconds: 90, reason: "secret detail" }), "de");
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("90");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({
      error: "locked",
      message: "Zu viele Versuche. Versuchen Sie es in 2 Minuten erneut.",
      retryAfterSeconds: 90,
    });
  });

  it("answers anything unknown as internal and logs its name only", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = errorAnswer(new Error("stack trace with a token abc"), "en");
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      error: "internal",
      message: "Something went wrong on our side. Please try again.",
    });
    expect(logged.mock.calls.flat().join(" ")).not.toContain("abc");
  });
});
