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

/** A number as a query or path carries it: decimal digits, a minus sign and a fraction at most. */
const decimalText = /^-?\d+(\.\d+)?$/;

/** The texts of a query or path (an object of strings or lists of strings), by their path in it. */
function textsOf(value: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  if (value === null || typeof value !== "object") return texts;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string") texts.set(`/${key}`, item);
    else if (Array.isArray(item))
      item.forEach((entry, index) => typeof entry === "string" && texts.set(`/${key}/${index}`, entry));
  }
  return texts;
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split("/").slice(1)) at = (at as Record<string, unknown> | undefined)?.[key];
  return at;
}

/**
 * Where ajv made a number of a text that is not written as a decimal number
 * (undefined when it made none): it coerces with Number(), which reads
 * "0x10" as 16, " 5" as 5 and "1e400" as Infinity (which its integer check
 * and its minimum/maximum let through: a route would hand it to SQLite and
 * answer 500). A server reading the query as decimal numbers refuses them all.
 */
function badNumberAt(texts: Map<string, string>, coerced: unknown): string | undefined {
  for (const [path, text] of texts) {
    // A lone value of a list parameter was wrapped into a list ("array" coercion).
    const found = valueAt(coerced, path);
    const value = Array.isArray(found) && found.length === 1 ? found[0] : found;
    // Decimal digits may still be too many for a number ("9" 400 times is Infinity).
    if (typeof value === "number" && (!decimalText.test(text) || !Number.isFinite(value))) return path;
  }
  return undefined;
}

/** A coercing validator that also refuses numbers not written in decimals (badNumberAt). */
function compileCoercing<T>(schema: JsonSchema): ValidateFunction<T> {
  const validate = coercingAjv.compile<T>(schema);
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    // Coercion changes `data` in place: its texts are read before.
    const texts = textsOf(data);
    const valid = validate(data, context);
    checked.errors = validate.errors;
    if (!valid) return false;
    const at = badNumberAt(texts, data);
    if (at === undefined) return true;
    checked.errors = [
      { instancePath: at, schemaPath: "#", keyword: "type", params: {}, message: "must be a decimal number" },
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
