import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { processSingleton } from "./process-singletons";
import { currentRequest, type RequestContext } from "./request-context";

describe("currentRequest", () => {
  it("is the request scripts/portal-server.mjs runs the code in, and nothing outside one", async () => {
    // The server registers its store under this key before Next.js loads any module.
    const store = processSingleton("request-context", () => new AsyncLocalStorage<RequestContext>());
    const context: RequestContext = { requestId: "request-5678", sendLength: () => undefined };
    expect(currentRequest()).toBeUndefined();
    await store.run(context, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentRequest()).toBe(context);
    });
    expect(currentRequest()).toBeUndefined();
  });
});
