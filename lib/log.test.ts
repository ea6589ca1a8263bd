import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, errorFields } from "./log";
import { processSingleton } from "./process-singletons";
import type { RequestContext } from "./request-context";

/** A logger whose lines are collected, parsed, as the stack's log readers parse them. */
function collected() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return {
    logger: createLogger(destination),
    lines,
    parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("the portal's logger", () => {
  it("writes one JSON object per line, with the message under msg", () => {
    const { logger, lines, parsed } = collected();
    logger.info({ userId: 7 }, "signed in");
    logger.warn({}, "second");
    expect(lines).toHaveLength(2);
    expect(parsed()[0]).toMatchObject({ msg: "signed in", userId: 7 });
    expect(typeof parsed()[0]?.time).toBe("string");
  });

  it("redacts credential fields at the top level and one level down", () => {
    const { logger, lines } = collected();
    logger.info(
      {
        accessToken: "eyJhbGciOi.secret",
        pin: "112358",
        password: "wonderland",
        voucherCode: "VOUCHER-AB12",
        headers: { authorization: "Bearer abc", cookie: "session=1" },
        reason: "refused",
      },
      "refused",
    );
    const line = lines[0] ?? "";
    for (const secret of ["eyJhbGciOi", "112358", "wonderland", "VOUCHER-AB12", "Bearer abc", "session=1"])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      pin: "[redacted]",
      headers: { authorization: "[redacted]" },
      reason: "refused",
    });
  });

  it("stamps a line written while serving a request with the request's id", () => {
    // The store lib/request-context.ts reads and scripts/portal-server.mjs runs each request in.
    const contexts = processSingleton("request-context", () => new AsyncLocalStorage<RequestContext>());
    const { logger, parsed } = collected();
    contexts.run({ requestId: "request-1234", sendLength: () => undefined }, () => logger.info({}, "inside"));
    logger.info({}, "outside");
    expect(parsed()[0]?.requestId).toBe("request-1234");
    expect(parsed()[1]).not.toHaveProperty("requestId");
  });
});

describe("errorFields", () => {
  it("keeps the name, code and reason, never the message", () => {
    const error = Object.assign(new Error("body with a secret"), { code: "unreachable", reason: "transport" });
    expect(errorFields(error)).toMatchObject({ errorName: "Error", errorCode: "unreachable", reason: "transport" });
    expect(JSON.stringify(errorFields(error))).not.toContain("secret");
  });
});
