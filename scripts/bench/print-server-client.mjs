// Direct calls to the print server, trusting its CA the way the portal does
// (an undici Agent with connect.ca and undici's own fetch).

import { setTimeout as sleep } from "node:timers/promises";
import { Agent, fetch } from "undici";
import { z } from "zod";
import { BenchError } from "./bench-error.mjs";

const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string() });
const executionAnswer = z.object({ executionId: z.number().int().positive() });

/** Scopes the bench asks for: the portal's, without offline.access, so no refresh tokens pile up. */
const directScopes = "users reports credit";

export const LOGIN_TYPE = { pin: 2, password: 3 };

/** A client for a print server started by bench-stack.mjs (its URL, CA and the bench's registered client). */
export function printServerClient({ url, caPem, caFile, client: { clientId, clientSecret } }) {
  const dispatcher = new Agent({ connect: { ca: caPem }, connections: 16 });
  const base = url.replace(/\/+$/, "");

  async function call(path, init = {}) {
    return fetch(`${base}${path}`, { ...init, dispatcher });
  }

  async function json(response, schema, what) {
    const body = await response.json().catch(() => undefined);
    const parsed = schema.safeParse(body);
    if (!response.ok || !parsed.success) throw new BenchError(`${what}: the print server answered ${response.status}`);
    return parsed.data;
  }

  const tokenBody = (fields) =>
    JSON.stringify({ client_id: clientId, client_secret: clientSecret, scope: directScopes, ...fields });

  return {
    base,
    /** The file of the CA the print server's certificate chains to, for tools other than undici (curl). */
    caFile,
    dispatcher,
    /** The exact request body of a token call, for load tools that replay it. */
    tokenRequestBody: tokenBody,

    async clientToken() {
      const response = await call("/api/auth/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: tokenBody({ grant_type: "client_credentials" }),
      });
      return (await json(response, tokenAnswer, "client_credentials token")).access_token;
    },

    /** A user's access token; `scope` defaults to the portal's scopes less offline.access. */
    async userToken(loginInfo, scope = directScopes) {
      const response = await call("/api/auth/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: tokenBody({ grant_type: "login_info", login_info: loginInfo, scope }),
      });
      return (await json(response, tokenAnswer, "login_info token")).access_token;
    },

    async startReport(token, id, format) {
      const response = await call("/api/v3/reports/executions", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ id, format }),
      });
      return (await json(response, executionAnswer, `report ${id} as ${format}`)).executionId;
    },

    /** Polls the download status until 200; the file itself is not read. */
    async waitForReport(token, executionId, { timeoutMs, intervalMs = 250 }) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const response = await call(`/api/v3/reports/executions/${executionId}/download`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const status = response.status;
        await response.body?.cancel();
        if (status === 200) return;
        if (status !== 202) throw new BenchError(`execution ${executionId}: the print server answered ${status}`);
        if (Date.now() > deadline)
          throw new BenchError(`execution ${executionId} was not ready within ${timeoutMs / 1000} s`);
        await sleep(intervalMs);
      }
    },

    async close() {
      await dispatcher.close();
    },
  };
}
