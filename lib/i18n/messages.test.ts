import { describe, expect, it } from "vitest";
import { reportNoticeTexts } from "@/components/reports/report-notice-texts";
import { catalogues, messagesFor } from "./messages";

describe("messagesFor", () => {
  it("sends whole namespaces and only the named keys of others", () => {
    const messages = messagesFor("de", ["session"], reportNoticeTexts);
    expect(Object.keys(messages).sort()).toEqual(["reports", "session"]);
    expect(messages.session).toEqual(catalogues.de.session);
    expect(Object.keys(messages.reports ?? {}).sort()).toEqual([...reportNoticeTexts.reports].sort());
    expect(messages.reports?.readyNotice).toBe(catalogues.de.reports.readyNotice);
  });

  it("names only keys the catalogue has, so the notice never shows a key instead of a text", () => {
    for (const key of reportNoticeTexts.reports) expect(typeof catalogues.en.reports[key]).toBe("string");
  });

  it("leaves out the route answers' sentences, which the server translates", () => {
    const messages = messagesFor("cs", ["profile", "credit", "jobs", "reports"]);
    expect(JSON.stringify(messages)).not.toContain('"answers"');
    expect(messages.profile?.pin.heading).toBe(catalogues.cs.profile.pin.heading);
    expect(catalogues.cs.profile.answers.badEmail).toBeTruthy();
  });

  it("lets a whole namespace win over some of its keys", () => {
    const messages = messagesFor("en", ["reports"], reportNoticeTexts);
    expect(Object.keys(messages.reports ?? {})).toEqual(Object.keys(catalogues.en.reports).filter((key) => key !== "answers"));
  });
});
