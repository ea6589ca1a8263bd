import { NextIntlClientProvider, useLocale, useTimeZone, useTranslations } from "next-intl";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { IntlClientProvider } from "./intl-client-provider";

/** What a client component below the providers reads: a text of the root's namespace and one of the scope's. */
function Reader() {
  const t = useTranslations();
  return <p>{[useLocale(), useTimeZone(), t("errors.locked", { minutes: 2 }), t("session.staySignedIn")].join("|")}</p>;
}

function rendered(scope: ReturnType<typeof messagesFor>) {
  return renderToString(
    <NextIntlClientProvider locale="de" timeZone="Europe/Prague" messages={messagesFor("de", ["errors"])}>
      <IntlClientProvider messages={scope}>
        <Reader />
      </IntlClientProvider>
    </NextIntlClientProvider>,
  );
}

describe("IntlClientProvider", () => {
  it("adds its namespaces to those around it, in the outer language and time zone", () => {
    expect(rendered(messagesFor("de", ["session"]))).toBe(
      "<p>de|Europe/Prague|Zu viele Versuche. Versuchen Sie es in 2 Minuten erneut.|Angemeldet bleiben</p>",
    );
  });

  it("shows the key and says so in the console, as next-intl does, for a text that no scope gave", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(rendered({})).toContain("|session.staySignedIn</p>");
    expect(String(logged.mock.calls[0]?.[0])).toContain("session.staySignedIn");
    logged.mockRestore();
  });
});
