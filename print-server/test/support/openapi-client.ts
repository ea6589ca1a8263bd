import type { ValidateFunction } from "ajv";
import { operation } from "../../src/openapi/openapi-document.js";
import type { OperationId } from "../../src/openapi/operation-types.js";
import { compile } from "../../src/openapi/schema-validators.js";
import type { ApiTarget } from "./api-target.js";

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** A body sent exactly as given (with contentType). */
  raw?: string;
  contentType?: string;
  token?: string;
  /** "Authentication" is the header the seed's report pages name. */
  tokenHeader?: "Authorization" | "Authentication";
  headers?: Record<string, string>;
}

/** A query of numbers and strings, as the strings a URL carries. */
export const asQuery = (query: Record<string, string | number>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));

export interface CallResult {
  status: number;
  headers: { get(name: string): string | null };
  contentType: string;
  bytes: Buffer;
  text: string;
  // Tests read the parsed body freely; its shape was checked against the OpenAPI schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    v = compile(schema);
    validators.set(key, v);
  }
  return v;
}

/**
 * Calls one operation of openapi.yaml (in this process or over HTTPS) and
 * checks the answer against the document: the status must be declared, the
 * content type one of those declared for it, and a JSON body must match its schema.
 */
export async function call(
  target: ApiTarget,
  operationId: OperationId,
  options: CallOptions = {},
): Promise<CallResult> {
  const op = operation(operationId);
  let path = op.routePath.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${operationId}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  if (options.query) path += `?${new URLSearchParams(options.query).toString()}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers[options.tokenHeader ?? "Authorization"] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  } else if (options.form !== undefined) {
    body = new URLSearchParams(options.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers["content-type"] = options.contentType;
  }
  const response = await target.fetch(path, { method: op.method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const declared = op.responses[String(response.status)];
  if (!declared) {
    throw new Error(
      `${operationId}: status ${response.status} is not in openapi.yaml (body: ${bytes.toString().slice(0, 300)})`,
    );
  }
  const declaredTypes = Object.keys(declared.content);
  let json: unknown;
  if (declaredTypes.length > 0) {
    if (!declaredTypes.includes(contentType)) {
      throw new Error(
        `${operationId} ${response.status}: content type ${contentType} is not one of ${declaredTypes.join(", ")}`,
      );
    }
    const schema = declared.content[contentType];
    if (contentType === "application/json") {
      json = JSON.parse(bytes.toString("utf8"));
      if (schema) {
        const validate = validatorFor(`${operationId} ${response.status} ${contentType}`, schema);
        if (!validate(json)) {
          throw new Error(
            `${operationId} ${response.status}: body does not match openapi.yaml: ${JSON.stringify(validate.errors)} body=${bytes.toString().slice(0, 300)}`,
          );
        }
      }
    }
  } else if (bytes.length > 0) {
    throw new Error(`${operationId} ${response.status}: openapi.yaml declares no body, got ${bytes.length} bytes`);
  }
  return { status: response.status, headers: response.headers, contentType, bytes, text: bytes.toString("utf8"), json };
}
