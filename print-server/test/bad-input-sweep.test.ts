import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiOperations, type JsonSchema, type Operation } from "../src/openapi/openapi-document.js";
import { tableHashes } from "./support/table-hashes.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, clientToken, userToken } from "./support/tokens.js";

// The bad-input sweep of the print server, driven by openapi.yaml:
// every path and method gets malformed path parameters, queries and bodies
// (wrong types, huge strings, unicode, invalid JSON, wrong content types)
// with missing, garbage and valid tokens. Whatever comes, the server answers
// below 500, every error under /api is JSON, nothing is written to its
// database, and it logs no error. Seeded: a failure prints the seed, and
// SWEEP_SEED=<seed> runs the same requests again.

const seed = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
const runsPerOperation = Number(process.env.SWEEP_RUNS ?? 60);

let target: TestApp;
let tokens: { client: string; user: string };

/** Every table's rows, hashed: equal before and after means nothing was written. */
function databaseSnapshot(): Record<string, string> {
  return tableHashes(target.services.db);
}

/** Rows inserted, updated or deleted through the server's connection since it opened (SQLite's own counter). */
function rowsChanged(): number {
  return (target.services.db.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
}

beforeAll(async () => {
  target = await buildTestApp();
  const scopes = "users credit reports jobs printers";
  const client = await target.registerClient(scopes, { managePayments: true });
  tokens = {
    client: await accessToken(await clientToken(target, client, scopes)),
    user: await accessToken(await userToken(target, client, scopes, { type: 2, pin: ALICE.pin })),
  };
});

afterAll(async () => {
  await target?.close();
});

// ---- generators -------------------------------------------------------------

const hugeString = fc.constantFrom(10_000, 200_000).map((n) => "x".repeat(n));
const unicode = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
const oddStrings = fc.constantFrom(
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1.5",
  "1e400",
  "99999999999999999999999999",
  "0x1F",
  "../../etc/passwd",
  "%00",
  "%zz",
  "\u0000",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "💩",
  "\u202e\u0301",
);
const anyText = fc.oneof(unicode, oddStrings, hugeString, fc.string({ maxLength: 30 }));

/**
 * A path parameter no route can take for a real record: not a whole number
 * in the range of ids (ajv would coerce "1" or " 7 " into one).
 */
const badPathValue = anyText.filter((s) => {
  const n = Number(s.trim());
  return !(s.trim() !== "" && Number.isInteger(n) && n >= 1 && n <= Number.MAX_SAFE_INTEGER);
});

/** A value no scalar or array schema accepts, even with Fastify's type coercion (objects are never coerced). */
const notCoercible = fc.constantFrom<unknown>({ "\u0000": {} }, { nested: { deeper: [{}] } }, { toString: "x" });

/** Anything JSON can carry, small. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80"; // a lone surrogate's bytes: still not text
  }
}

/** The schema of an optional body without its `null` alternative. */
function bodyShape(schema: JsonSchema | undefined): JsonSchema | undefined {
  const anyOf = schema?.anyOf as JsonSchema[] | undefined;
  if (!anyOf) return schema;
  return anyOf.find((s) => s.type !== "null");
}

/** A JSON body the operation's schema refuses, whatever else it carries. */
function invalidBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const shape = bodyShape(schema);
  const generic = fc.oneof(anyJson, notCoercible, hugeString);
  if (!shape) return generic;
  if (shape.type === "array") return fc.oneof(fc.dictionary(fc.string(), anyJson), notCoercible, fc.constant([]));
  if (shape.type !== "object") return generic;
  const properties = Object.keys((shape.properties as Record<string, unknown> | undefined) ?? {});
  const wrongTop = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant([[]]), hugeString);
  if (properties.length === 0) return fc.oneof(wrongTop, fc.constant({ extra: "field" }));
  // One known property with a value no coercion turns into its type, the
  // rest garbage: the schema refuses the whole body.
  const oneWrong = fc
    .tuple(fc.constantFrom(...properties), notCoercible, fc.dictionary(fc.constantFrom(...properties), anyJson))
    .map(([name, wrong, rest]) => ({ ...rest, [name]: wrong }));
  return fc.oneof(wrongTop, oneWrong);
}

type Encoded = { contentType?: string; body?: string };

/** The body as sent: JSON, JSON under a wrong content type, invalid JSON, or other formats. */
function encodedBody(op: Operation, mustBeInvalid: boolean): fc.Arbitrary<Encoded> {
  const values = mustBeInvalid ? invalidBody(op.body) : fc.oneof(invalidBody(op.body), anyJson);
  const asJson = values.map((v) => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" }));
  const broken = fc.oneof(
    fc.constantFrom('{"a":', "[1,2", "{'single':'quotes'}", "\u0000", "{}}", '{"__proto__":{"x":1}}x'),
    fc.string({ maxLength: 50 }).map((s) => `{${s}`),
  );
  const invalidJson = broken.map((body) => ({ contentType: "application/json", body }));
  const wrongType = fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/xml",
        "multipart/form-data; boundary=x",
        "application/octet-stream",
        "application/json; charset=utf-16",
        "application/x-www-form-urlencoded",
        "garbage/;;;",
      ),
      // A body some parser could still read (JSON under "charset=utf-16") is one the schema refuses.
      fc.oneof(
        unicode,
        values.map((v) => JSON.stringify(v) ?? ""),
      ),
    )
    .map(([contentType, body]) => ({ contentType, body }));
  const noBody = fc.constant<Encoded>({});
  return mustBeInvalid ? fc.oneof(asJson, invalidJson, wrongType) : fc.oneof(asJson, invalidJson, wrongType, noBody);
}

type TokenKind = "none" | "garbage" | "scheme" | "client" | "user";

function authorization(kind: TokenKind, garbage: string): Record<string, string> {
  switch (kind) {
    case "none":
      return {};
    case "garbage":
      return { authorization: `Bearer ${garbage}` };
    case "scheme":
      return { authorization: `Basic ${Buffer.from(garbage).toString("base64")}` };
    case "client":
      return { authorization: `Bearer ${tokens.client}` };
    case "user":
      return { authorization: `Bearer ${tokens.user}` };
  }
}

interface SweepRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function requestsFor(op: Operation): fc.Arbitrary<SweepRequest> {
  const pathNames = Object.keys((op.params?.properties as Record<string, unknown> | undefined) ?? {});
  const queryNames = Object.keys((op.querystring?.properties as Record<string, unknown> | undefined) ?? {});
  const isRead = op.method === "GET";
  const tokenKinds: TokenKind[] = ["none", "garbage", "scheme", "client", "user"];
  return fc.constantFrom(...tokenKinds).chain((tokenKind) => {
    // A valid token may pass authorisation: then the request itself must be
    // malformed (a bad path parameter, a refused body), or it could change data.
    const mayPass = tokenKind === "client" || tokenKind === "user";
    const needsBadPath = mayPass && !isRead && op.body === undefined && pathNames.length > 0;
    const needsBadBody = mayPass && !isRead && !needsBadPath;
    const pathValue = (name: string) =>
      needsBadPath ? badPathValue : fc.oneof(badPathValue, fc.constant(name === "id" ? "1" : "x"));
    return fc
      .record({
        path: fc.tuple(...pathNames.map(pathValue)),
        query: fc.dictionary(
          fc.oneof(fc.constantFrom(...(queryNames.length > 0 ? queryNames : ["q"])), fc.string({ maxLength: 10 })),
          fc.oneof(anyText, fc.constant("")),
          { maxKeys: 4 },
        ),
        body: isRead ? fc.oneof(fc.constant<Encoded>({}), encodedBody(op, false)) : encodedBody(op, needsBadBody),
        garbageToken: fc.oneof(
          unicode.filter((s) => /^[\x21-\x7e]+$/.test(s)),
          fc.constant("a.b.c"),
          oddStrings,
        ),
        accept: fc.constantFrom("application/json", "*/*", "text/html", "image/png"),
      })
      .map(({ path, query, body, garbageToken, accept }) => {
        let url = op.routePath;
        pathNames.forEach((name, i) => (url = url.replace(`:${name}`, encodePathValue(path[i] ?? ""))));
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) {
          try {
            search.append(key, value);
          } catch {
            // a lone surrogate cannot be a query: skip it
          }
        }
        const queryText = search.toString();
        const headers: Record<string, string> = { accept, ...authorization(tokenKind, garbageToken) };
        if (body.contentType) headers["content-type"] = body.contentType;
        return {
          method: op.method,
          url: queryText ? `${url}?${queryText}` : url,
          headers,
          ...(body.body !== undefined && { body: body.body }),
        };
      });
  });
}

/** The problems with one answer (none when it is fine). */
async function problemsOf(request: SweepRequest): Promise<string[]> {
  const answer = await target.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: request.headers,
    payload: request.body,
  });
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  if (answer.statusCode >= 400 && request.url.startsWith("/api/") && request.method !== "HEAD") {
    const type = answer.headers["content-type"] ?? "";
    if (!String(type).startsWith("application/json")) problems.push(`error ${answer.statusCode} as ${String(type)}`);
    else {
      try {
        JSON.parse(answer.body);
      } catch {
        problems.push(`error ${answer.statusCode} with a body that is not JSON`);
      }
    }
  }
  return problems;
}

function describeRequest(request: SweepRequest): string {
  const body = request.body === undefined ? "" : ` body ${request.body.slice(0, 200)}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)}${body}`;
}

async function sweep(arbitrary: fc.Arbitrary<SweepRequest>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      // Rows changed are counted per request, so a failure names the request that wrote.
      const before = rowsChanged();
      const problems = await problemsOf(request);
      if (rowsChanged() !== before) problems.push("it changed the database");
      if (problems.length > 0) throw new Error(`${describeRequest(request)}\n  ${problems.join("\n  ")}`);
    }),
    { seed, numRuns, endOnFailure: false },
  );
}

describe(`the print server under malformed requests (SWEEP_SEED=${seed})`, () => {
  const operations = [...openApiOperations().values()];
  let before: Record<string, string>;

  beforeAll(() => {
    before = databaseSnapshot();
    console.info(`print server bad-input sweep: SWEEP_SEED=${seed}`);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: answers below 500, errors as JSON",
    async (_name, op) => {
      await sweep(requestsFor(op), runsPerOperation);
    },
  );

  it("answers unknown paths and methods under /api with a JSON 404 or 405", async () => {
    const unknown = fc.record({
      method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
      url: fc.oneof(
        fc.webPath().map((p) => `/api${p.startsWith("/") ? p : `/${p}`}`),
        fc.constantFrom("/api", "/api/", "/api/v3", "/api/v9/users", "/api/v3/users/1/secret", "/api//v3//jobs"),
      ),
      headers: fc.constant<Record<string, string>>({ accept: "application/json" }),
    });
    await sweep(unknown, 200);
  });

  // ajv's coercion reads "1e400" as Infinity, which passes `integer` and
  // `maximum`, and Number() reads "0x10" as 16 and " 5" as 5: a number in a
  // query or path is written in decimals, or refused.
  it.each(["1e400", "-1e400", "Infinity", "-Infinity", "0x10", " 5", "5 ", "1e3", "+5", ".5", "0b1"])(
    "refuses %s in every number of a query or path with a 400 that names it",
    async (value) => {
      const numberNames = (schema: JsonSchema | undefined) =>
        Object.entries((schema?.properties as Record<string, JsonSchema> | undefined) ?? {})
          .filter(([, property]) => property.type === "integer" || property.type === "number")
          .map(([name]) => name);
      /** The operation's path with `value` as parameter `name` and 1 as every other. */
      const pathWith = (op: Operation, name?: string) =>
        op.routePath.replace(/:\w+/g, (param) => (param === `:${name}` ? encodeURIComponent(value) : "1"));
      for (const op of operations) {
        const tries = [
          ...numberNames(op.querystring).map((name) => ({
            name,
            url: `${pathWith(op)}?${name}=${encodeURIComponent(value)}`,
          })),
          ...numberNames(op.params).map((name) => ({ name, url: pathWith(op, name) })),
        ];
        for (const { name, url } of tries) {
          const answer = await target.app.inject({
            method: op.method as "GET",
            url,
            headers: { authorization: `Bearer ${tokens.user}`, "content-type": "application/json" },
            payload: op.bodyMediaTypes.length > 0 ? "{}" : undefined,
          });
          const request = `${op.method} ${url}`;
          expect.soft(answer.statusCode, request).toBeGreaterThanOrEqual(400);
          expect.soft(answer.statusCode, request).toBeLessThan(500);
          if (answer.statusCode === 400) expect.soft(answer.body, request).toContain(name);
        }
      }
      const statement = await target.app.inject({
        url: `/api/v3/users/1/activity?start=${encodeURIComponent(value)}`,
        headers: { authorization: `Bearer ${tokens.user}` },
      });
      expect(statement.statusCode).toBe(400);
    },
  );

  it("refuses decimal digits too many for a number (Infinity) in a query", async () => {
    const answer = await target.app.inject({
      url: `/api/v3/users/1/activity?start=${"9".repeat(400)}`,
      headers: { authorization: `Bearer ${tokens.user}` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("start");
  });

  it("wrote nothing and logged no error, and still answers", async () => {
    expect(databaseSnapshot()).toEqual(before);
    const errors = target.logs.filter((line) => Number(line.level) >= 50);
    expect(errors.map((line) => line.msg)).toEqual([]);
    const config = await target.app.inject({
      url: "/api/v3/server/config",
      headers: { authorization: `Bearer ${tokens.user}` },
    });
    expect(config.statusCode).toBe(200);
  });
});
