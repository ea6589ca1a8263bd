import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { z } from "zod";
import type { OperationId } from "./operation-types.js";

const OPENAPI_FILE = fileURLToPath(new URL("../../openapi/openapi.yaml", import.meta.url));

export type JsonSchema = Record<string, unknown>;

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(["path", "query", "header", "cookie"]),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()),
});

const mediaSchema = z.object({ schema: z.record(z.string(), z.unknown()).optional() });

const operationSchema = z.object({
  operationId: z.string(),
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: z.record(z.string(), mediaSchema) }).optional(),
  responses: z.record(
    z.string(),
    z.object({
      content: z.record(z.string(), mediaSchema).optional(),
      headers: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  "x-token-types": z.array(z.enum(["client", "user"])).optional(),
});

const HTTP_METHODS = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE" } as const;

export interface Operation {
  operationId: OperationId;
  method: (typeof HTTP_METHODS)[keyof typeof HTTP_METHODS];
  /** Path in OpenAPI form, relative to its server ("/v3/users/{id}"). */
  path: string;
  /** Path as the server routes it ("/api/v3/users/:id"). */
  routePath: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  /**
   * The request body's schema when the body has one media type. A body with
   * several (JSON or a form) has none here: its handler validates it.
   */
  body?: JsonSchema;
  /** The media types the request body may come in (none: the operation takes no body). */
  bodyMediaTypes: string[];
  responses: Record<string, { content: Record<string, JsonSchema | undefined> }>;
  /** Scopes the token must hold (all of them). */
  scopes: string[];
  /** Token types accepted; empty when no token is needed. */
  tokenTypes: Array<"client" | "user">;
}

/** Replaces every local $ref by the schema it points to (the document has no cycles). */
function dereference(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => dereference(n, root));
  if (node === null || typeof node !== "object") return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === "string") {
    const target = record.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    if (target === undefined) throw new Error(`Unresolved $ref ${record.$ref}`);
    return dereference(target, root);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, dereference(v, root)]));
}

function parametersSchema(params: z.infer<typeof parameterSchema>[], where: "path" | "query"): JsonSchema | undefined {
  const selected = params.filter((p) => p.in === where);
  if (selected.length === 0) return undefined;
  return {
    type: "object",
    properties: Object.fromEntries(selected.map((p) => [p.name, p.schema])),
    required: selected.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * An optional body (`required: false`) may be left out: Fastify validates an
 * absent body as null, so null passes too (the handler gets no body).
 */
function optionalIf(optional: boolean, schema: JsonSchema | undefined): JsonSchema | undefined {
  return optional && schema ? { anyOf: [{ type: "null" }, schema] } : schema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown> & { servers?: unknown }>;
  security?: Array<Record<string, string[]>>;
  components: { schemas: Record<string, JsonSchema> };
}

let document: OpenApiDocument | undefined;

function openApiDocument(): OpenApiDocument {
  if (!document) {
    const raw = parse(readFileSync(OPENAPI_FILE, "utf8")) as unknown;
    document = dereference(raw, raw) as OpenApiDocument;
  }
  return document;
}

/** One schema of components/schemas, with its references resolved. */
export function componentSchema(name: string): JsonSchema {
  const schema = openApiDocument().components.schemas[name];
  if (!schema) throw new Error(`No schema ${name} in ${OPENAPI_FILE}`);
  return schema;
}

function loadOperations(): Map<string, Operation> {
  const doc = openApiDocument();
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const onWebRoot = item.servers !== undefined;
    for (const [method, httpMethod] of Object.entries(HTTP_METHODS)) {
      if (!(method in item)) continue;
      const op = operationSchema.parse(item[method]);
      const params = op.parameters ?? [];
      const bodies = Object.values(op.requestBody?.content ?? {});
      const security = op.security ?? doc.security ?? [];
      operations.set(op.operationId, {
        // The generated types list the same operations (a test keeps them in step with the YAML).
        operationId: op.operationId as OperationId,
        method: httpMethod,
        path,
        routePath: `${onWebRoot ? "" : "/api"}${path.replace(/\{([^}]+)\}/g, ":$1")}`,
        params: parametersSchema(params, "path"),
        querystring: parametersSchema(params, "query"),
        body: bodies.length === 1 ? optionalIf(op.requestBody?.required !== true, bodies[0]?.schema) : undefined,
        bodyMediaTypes: Object.keys(op.requestBody?.content ?? {}),
        responses: Object.fromEntries(
          Object.entries(op.responses).map(([status, r]) => [
            status,
            { content: Object.fromEntries(Object.entries(r.content ?? {}).map(([t, m]) => [t, m.schema])) },
          ]),
        ),
        scopes: security.flatMap((s) => s.oauth2 ?? []),
        tokenTypes: op["x-token-types"] ?? [],
      });
    }
  }
  return operations;
}

let cached: Map<string, Operation> | undefined;

/** The operations of openapi/openapi.yaml, by operationId. */
export function openApiOperations(): Map<string, Operation> {
  cached ??= loadOperations();
  return cached;
}

export function operation(operationId: OperationId): Operation {
  const op = openApiOperations().get(operationId);
  if (!op) throw new Error(`No operation ${operationId} in ${OPENAPI_FILE}`);
  return op;
}
