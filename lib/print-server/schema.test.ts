import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";

// The client's types come from the print server's OpenAPI file; a change to the
// contract that was not regenerated (`npm run gen:api`) fails here, not in use.
describe("generated print server types", () => {
  it("match print-server/openapi/openapi.yaml", async () => {
    const spec = new URL("../../print-server/openapi/openapi.yaml", import.meta.url);
    const generated = astToString(await openapiTS(spec));
    const committed = readFileSync(fileURLToPath(new URL("./schema.d.ts", import.meta.url)), "utf8");
    const body = (text: string) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, "").trim();
    expect(body(committed), "run `npm run gen:api`").toBe(body(generated));
  });
});
