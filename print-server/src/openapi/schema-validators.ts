import { Ajv2020, type ValidateFunction, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "./openapi-document.js";

// ajv-formats is CommonJS; under ESM its function sits on .default.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function newAjv(coerce: boolean): Ajv2020 {
  // OpenAPI adds keywords JSON Schema does not know (discriminator, x-…): allow them.
  const ajv = new Ajv2020({
    strictSchema: false,
    allErrors: false,
    coerceTypes: coerce ? "array" : false,
    useDefaults: true,
  });
  addFormats(ajv);
  return ajv;
}

/** Query strings and paths arrive as text, so their numbers are coerced; JSON bodies are taken as sent. */
export const coercingAjv = newAjv(true);
export const exactAjv = newAjv(false);

/** A validator that is also a type guard for T (the schema's generated type, see operation-types.ts). */
export function compile<T = unknown>(schema: JsonSchema, coerce = false): ValidateFunction<T> {
  return (coerce ? coercingAjv : exactAjv).compile<T>(schema);
}

/** One short sentence for the first validation error, e.g. "body/id must be integer". */
export function describeErrors(errors: ErrorObject[] | null | undefined, part: string): string {
  // A failed oneOf lists every branch's error first; the oneOf itself says more.
  const first = errors?.find((e) => e.keyword === "oneOf") ?? errors?.[0];
  if (!first) return `The ${part} is not valid.`;
  const where = `${part}${first.instancePath}`;
  if (first.keyword === "required") return `${where} must have property ${String(first.params.missingProperty)}.`;
  if (first.keyword === "oneOf") return `${where} does not match any of its allowed forms.`;
  if (first.keyword === "additionalProperties")
    return `${where} must not have property ${String(first.params.additionalProperty)}.`;
  return `${where} ${first.message ?? "is not valid"}.`;
}
