import { describe, expectTypeOf, it } from "vitest";
import type {
  OperationReply,
  OperationRequest,
  Query,
  RequestBody,
  Schemas,
  SuccessBody,
} from "../src/openapi/operation-types.js";
import type { ApiHandler } from "../src/routes/api-route.js";

// These checks run in `npm run typecheck` (tsc reads the test files too); at run time they are no-ops.
describe("types of an operation, from openapi.yaml", () => {
  it("type the request from the operation's parameters and body", () => {
    expectTypeOf<OperationRequest<"getAccountBalance">["params"]>().toEqualTypeOf<{ id: number; reference: string }>();
    expectTypeOf<OperationRequest<"createReportExecution">["body"]>().toEqualTypeOf<Schemas["ExecutionRequest"]>();
    expectTypeOf<Query<"findUser">>().toHaveProperty("username").toEqualTypeOf<string | undefined>();
    expectTypeOf<RequestBody<"submitSignInPage">>().toEqualTypeOf<Schemas["SignInForm"]>();
    // An optional body may be absent.
    expectTypeOf<RequestBody<"createUserPin">>().toEqualTypeOf<Schemas["PinRequest"] | undefined>();
    // Two media types (JSON or a form): Fastify does not validate it, so the handler gets `unknown`.
    expectTypeOf<RequestBody<"createToken">>().toBeUnknown();
  });

  it("check what a handler returns against the success response", () => {
    expectTypeOf<SuccessBody<"getAccountBalance">>().toEqualTypeOf<Schemas["Balance"]>();
    const answers: ApiHandler<"getAccountBalance"> = async () => ({ amount: 1 });
    // @ts-expect-error a body that is not the operation's Balance
    const wrong: ApiHandler<"getAccountBalance"> = async () => ({ balance: 1 });
    // @ts-expect-error a string where the schema says number
    const wrongType: ApiHandler<"getAccountBalance"> = async () => ({ amount: "1" });
    for (const handler of [answers, wrong, wrongType]) expectTypeOf(handler).toBeFunction();
  });

  it("type reply.code(…).send(…) by status, and leave JSON errors to thrown ApiErrors", () => {
    type Reply = OperationReply<"downloadReportExecution">;
    const running = (reply: Reply) => reply.code(202).send({ state: "running" });
    // @ts-expect-error 202's body is { state: "running" }
    const wrongBody = (reply: Reply) => reply.code(202).send({ state: "done" });
    // @ts-expect-error a JSON error is thrown (apiErrors.notFound()), not sent by the handler
    const sentError = (reply: Reply) => reply.code(404).send({ error: "not_found", error_description: "x" });
    for (const handler of [running, wrongBody, sentError]) expectTypeOf(handler).toBeFunction();
  });
});
