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
const coercingAjv = newAjv(true);
const exactAjv = newAjv(false);

/** Where in a coerced value a number is not finite ("" for the value itself), or undefined when none is. */
function nonFiniteAt(value: unknown, path = ""): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteAt(item, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A coercing validator that also refuses numbers that are not finite. Ajv
 * coerces "1e400" and "Infinity" into Infinity, which its integer check
 * and its minimum/maximum let through (they test finite numbers only); a
 * route would then hand Infinity to SQLite and answer 500.
 */
function compileCoercing<T>(schema: JsonSchema): ValidateFunction<T> {
  const validate = coercingAjv.compile<T>(schema);
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const valid = validate(data, context);
    checked.errors = validate.errors;
    if (!valid) return false;
    const at = nonFiniteAt(data);
    if (at === undefined) return true;
    checked.errors = [
      { instancePath: at, schemaPath: "#", keyword: "type", params: {}, message: "must be a finite number" },
    ];
    return false;
  }) as ValidateFunction<T>;
  // Fastify hands Ajv the parent object (so coercion can replace a root value) only when it sees schemaEnv.
  return Object.assign(checked, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

/** A validator that is also a type guard for T (the schema's generated type, see operation-types.ts). */
export function compile<T = unknown>(schema: JsonSchema, coerce = false): ValidateFunction<T> {
  return coerce ? compileCoercing<T>(schema) : exactAjv.compile<T>(schema);
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
