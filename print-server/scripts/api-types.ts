import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { format, resolveConfig } from "prettier";

/** The generated file, and the contract it is generated from. */
export const API_TYPES_FILE = fileURLToPath(new URL("../src/openapi/api-types.ts", import.meta.url));
const OPENAPI_YAML = new URL("../openapi/openapi.yaml", import.meta.url);

const HEADER = `// Generated from print-server/openapi/openapi.yaml by \`npm run gen:api -w print-server\`; do not edit.
// Route handlers take their request and answer types from here (src/openapi/operation-types.ts).
`;

/**
 * The TypeScript types of every operation and schema in openapi.yaml, written
 * by openapi-typescript and laid out by Prettier with the repository's settings,
 * so the committed file passes `npm run lint` as it is.
 */
export async function renderApiTypes(): Promise<string> {
  const types = astToString(await openapiTS(OPENAPI_YAML));
  const options = (await resolveConfig(API_TYPES_FILE)) ?? {};
  return format(`${HEADER}\n${types}`, { ...options, filepath: API_TYPES_FILE });
}
