import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { components, operations } from "./api-types.js";

/**
 * What each operation of openapi.yaml takes and answers, as TypeScript types,
 * read from the generated api-types.ts. Route handlers get their request and
 * reply typed from here (routes/api-route.ts), so none casts its input.
 */
export type OperationId = keyof operations;
export type Schemas = components["schemas"];

type Operation<Id extends OperationId> = operations[Id];

/** The generator writes `never` for "nothing declared"; Fastify's word for that is `unknown`. */
type Declared<T> = [T] extends [never] ? unknown : T;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

export type PathParams<Id extends OperationId> = Declared<NonNullable<Operation<Id>["parameters"]["path"]>>;
export type Query<Id extends OperationId> = Declared<NonNullable<Operation<Id>["parameters"]["query"]>>;

/**
 * A body declared with one media type is validated by Fastify against its
 * schema and typed here. A body with several (the token endpoint takes JSON or
 * a form) is not validated by Fastify (it would let any other media type
 * through unchecked), so it arrives as `unknown` and the handler checks it.
 * An optional body (`required: false`) may be absent: `undefined`.
 */
export type RequestBody<Id extends OperationId> =
  Operation<Id> extends { requestBody: { content: infer Content } }
    ? true extends IsUnion<keyof Content>
      ? unknown
      : Content[keyof Content]
    : Operation<Id> extends { requestBody?: { content: infer Content } }
      ? true extends IsUnion<keyof Content>
        ? unknown
        : Content[keyof Content] | undefined
      : unknown;

/** A file or page: text, bytes or a stream, sent with its own Content-Type. */
export type RawBody = string | Buffer | Readable;

type BodyOf<Response> = Response extends { content: infer Content }
  ? { [Type in keyof Content]: Type extends "application/json" ? Content[Type] : RawBody }[keyof Content]
  : undefined;

type SuccessStatus = 200 | 201 | 202 | 204 | 301 | 302 | 303 | 307 | 308;

/**
 * The answers a handler may send itself, by status: every success, and the
 * error statuses whose body is a page (text/html). JSON errors are not here:
 * a handler throws an ApiError and the one error handler (app.ts) answers.
 */
export type Answers<Id extends OperationId> = {
  [
    Status in keyof Operation<Id>["responses"] as Status extends SuccessStatus
      ? Status
      : Operation<Id>["responses"][Status] extends { content: { "application/json": unknown } }
        ? never
        : Status
  ]: BodyOf<Operation<Id>["responses"][Status]>;
};

/** What a handler may return to answer 200 (Fastify serialises JSON; a raw body needs its Content-Type set). */
export type SuccessBody<Id extends OperationId> = 200 extends keyof Answers<Id> ? Answers<Id>[200] : never;

/** Fastify's route generic for one operation. */
export interface OperationRoute<Id extends OperationId> {
  Params: PathParams<Id>;
  Querystring: Query<Id>;
  Body: RequestBody<Id>;
  Reply: Answers<Id>;
}

export type OperationRequest<Id extends OperationId> = FastifyRequest<OperationRoute<Id>>;
export type OperationReply<Id extends OperationId> = FastifyReply<OperationRoute<Id>>;

/**
 * A handler returns the 200 body, or the reply after `reply.code(…).send(…)`
 * for any other answer (or a stream).
 */
export type OperationResult<Id extends OperationId> = Promise<SuccessBody<Id> | OperationReply<Id>>;
