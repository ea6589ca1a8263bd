import { createHash } from "node:crypto";
import { MockAgent } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { beginSignOn, finishSignOn, SignOnFailed, type SignOnConfig } from "./single-sign-on";
import { openSignOn, sealSignOn, type PendingSignOn } from "./sign-on-cookie";

const origin = "https://print.test:8090";
let agent: MockAgent;

const config = (): SignOnConfig => ({
  printServerUrl: origin,
  signInUrl: "http://127.0.0.1:4711",
  portalUrl: "https://portal.test",
  clientId: "portal-id",
  clientSecret: "portal-secret",
  scopes: "users reports credit offline.access",
  timeoutMs: 2000,
  dispatcher: agent,
});

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

async function started(returnPath = "/reports?x=1"): Promise<{ location: URL; pending: PendingSignOn }> {
  const { location, pending } = await beginSignOn(returnPath, { lang: "de", theme: "dark" }, config());
  return { location: new URL(location), pending };
}

function failure(promise: Promise<unknown>): Promise<SignOnFailed> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(SignOnFailed);
      return error as SignOnFailed;
    },
  );
}

describe("beginSignOn", () => {
  it("links to the print server's page in the person's language with state, PKCE and the theme", async () => {
    const { location, pending } = await started();
    expect(`${location.origin}${location.pathname}`).toBe("http://127.0.0.1:4711/de/auth");
    const q = location.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe("portal-id");
    expect(q.get("redirect_uri")).toBe("https://portal.test/api/auth/callback/print-server");
    expect(q.get("scope")).toBe("users reports credit");
    expect(q.get("state")).toBe(pending.state);
    expect(q.get("theme")).toBe("dark");
    expect(q.get("code_challenge_method")).toBe("S256");
    const challenge = createHash("sha256").update(pending.verifier).digest("base64url");
    expect(q.get("code_challenge")).toBe(challenge);
    expect(pending.returnPath).toBe("/reports?x=1");
    // Never the verifier or the secret in the browser's address bar.
    expect(location.toString()).not.toContain(pending.verifier);
    expect(location.toString()).not.toContain("portal-secret");
  });

  it("uses a new state and verifier every time", async () => {
    const [a, b] = await Promise.all([started(), started()]);
    expect(a.pending.state).not.toBe(b.pending.state);
    expect(a.pending.verifier).not.toBe(b.pending.verifier);
  });
});

describe("finishSignOn", () => {
  it("exchanges the code with the client secret, the redirect URI and the verifier", async () => {
    const { pending } = await started();
    let sent: URLSearchParams | undefined;
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(200, (options) => {
        sent = new URLSearchParams(String(options.body));
        return { access_token: "at-1", token_type: "Bearer", expires_in: 1800, scope: "users reports" };
      });
    const tokens = await finishSignOn(new URLSearchParams({ code: "c-1", state: pending.state }), pending, config());
    expect(tokens.accessToken).toBe("at-1");
    expect(tokens.refreshToken).toBeUndefined();
    expect(Object.fromEntries(sent ?? [])).toEqual({
      grant_type: "authorization_code",
      code: "c-1",
      redirect_uri: "https://portal.test/api/auth/callback/print-server",
      code_verifier: pending.verifier,
      client_id: "portal-id",
      client_secret: "portal-secret",
    });
  });

  it("refuses a state that is not this browser's, or no pending sign-on, before any exchange", async () => {
    const { pending } = await started();
    expect(
      (await failure(finishSignOn(new URLSearchParams({ code: "c", state: "other" }), pending, config()))).problem,
    ).toBe("state");
    expect((await failure(finishSignOn(new URLSearchParams({ code: "c" }), pending, config()))).problem).toBe("state");
    expect(
      (await failure(finishSignOn(new URLSearchParams({ code: "c", state: pending.state }), undefined, config())))
        .problem,
    ).toBe("state");
  });

  it("says denied when the person cancelled at the print server, failed for other refusals", async () => {
    const { pending } = await started();
    const denied = new URLSearchParams({ error: "access_denied", state: pending.state });
    expect((await failure(finishSignOn(denied, pending, config()))).problem).toBe("denied");
    const scope = new URLSearchParams({ error: "invalid_scope", state: pending.state });
    expect((await failure(finishSignOn(scope, pending, config()))).problem).toBe("failed");
  });

  it("says expired when the print server refuses the code, failed when it is away", async () => {
    const { pending } = await started();
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(
        400,
        { error: "invalid_grant", error_description: "The authorization code is not valid." },
        { headers: { "content-type": "application/json; charset=utf-8" } },
      );
    const query = new URLSearchParams({ code: "old", state: pending.state });
    expect((await failure(finishSignOn(query, pending, config()))).problem).toBe("expired");
    agent.get(origin).intercept({ path: "/api/auth/token", method: "POST" }).replyWithError(new Error("ECONNREFUSED"));
    expect((await failure(finishSignOn(query, pending, config()))).problem).toBe("failed");
  });
});

describe("the sign-on cookie", () => {
  const secret = "s".repeat(40);
  const pending: PendingSignOn = { state: "x".repeat(43), verifier: "v".repeat(43), returnPath: "/reports" };

  it("opens what it sealed, and nothing with another secret or a changed byte", async () => {
    const sealed = await sealSignOn(pending, secret);
    expect(sealed).not.toContain(pending.verifier);
    expect(await openSignOn(sealed, secret)).toEqual(pending);
    expect(await openSignOn(sealed, "t".repeat(40))).toBeUndefined();
    const flipped = `${sealed.slice(0, -3)}${sealed.at(-3) === "A" ? "B" : "A"}${sealed.slice(-2)}`;
    expect(await openSignOn(flipped, secret)).toBeUndefined();
    expect(await openSignOn(undefined, secret)).toBeUndefined();
  });
});
