import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reportNoticeTexts } from "@/components/reports/report-notice-texts";
import { catalogues, messagesFor, type Namespace } from "./messages";

const root = join(import.meta.dirname, "..", "..");

function textAt(tree: unknown, key: string): unknown {
  return key.split(".").reduce((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

/** The route schemas that client components load to check a form before sending it (field-sentence.ts). */
function schemasTheBrowserLoads(): string[] {
  const found = new Set<string>();
  for (const dir of ["components", "hooks"]) {
    for (const file of readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = readFileSync(join(root, dir, file), "utf8");
      for (const [, path] of source.matchAll(/import\("@\/(app\/api\/[^"]+\/schema)"\)/g)) found.add(`${path}.ts`);
    }
  }
  return [...found];
}

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
    expect(catalogues.cs.profile.answers.wrongCurrentPassword).toBeTruthy();
  });

  it("sends every sentence that the schemas a form checks with in the browser name", () => {
    const schemas = schemasTheBrowserLoads();
    expect(schemas).toContain("app/api/profile/schema.ts");
    const browser = messagesFor("en", Object.keys(catalogues.en) as Namespace[]);
    const keys = schemas.flatMap((schema) =>
      [...readFileSync(join(root, schema), "utf8").matchAll(/"([a-z]+(?:\.[A-Za-z]+)+)"/g)]
        .map((match) => match[1] ?? "")
        .filter((key) => typeof textAt(catalogues.en, key) === "string"),
    );
    expect(keys).toContain("profile.details.field.badEmail");
    expect(keys.filter((key) => typeof textAt(browser, key) !== "string")).toEqual([]);
  });

  it("lets a whole namespace win over some of its keys", () => {
    const messages = messagesFor("en", ["reports"], reportNoticeTexts);
    expect(Object.keys(messages.reports ?? {})).toEqual(
      Object.keys(catalogues.en.reports).filter((key) => key !== "answers"),
    );
  });
});
