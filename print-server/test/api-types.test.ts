import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { API_TYPES_FILE, renderApiTypes } from "../scripts/api-types.js";

// Route handlers are typed from src/openapi/api-types.ts; a change to openapi.yaml that was not
// regenerated fails here, not as a handler typed against yesterday's contract.
it("src/openapi/api-types.ts is generated from the current openapi.yaml", async () => {
  expect(readFileSync(API_TYPES_FILE, "utf8"), "run `npm run gen:api -w print-server`").toBe(await renderApiTypes());
});
