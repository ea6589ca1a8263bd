import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call } from "./support/openapi-client.js";
import type { RegisteredClient } from "./support/api-target.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { ALICE, BOB } from "./support/tokens.js";

let server: TestApp;
let client: RegisteredClient;
const REDIRECT = "https://portal.example.test/callback";

beforeAll(async () => {
  server = await buildTestApp();
  client = await server.registerClient("users reports offline.access", {
    title: "Portal <b>",
    redirectUris: [REDIRECT],
  });
});

afterAll(async () => {
  await server.close();
});

const pageQuery = (extra: Record<string, string> = {}) => ({
  response_type: "code",
  client_id: client.clientId,
  redirect_uri: REDIRECT,
  scope: "users reports offline.access",
  state: "xyz-123",
  ...extra,
});

const form = (extra: Record<string, string>) => ({
  client_id: client.clientId,
  redirect_uri: REDIRECT,
  scope: "users reports offline.access",
  state: "xyz-123",
  ...extra,
});

async function codeFor(fields: Record<string, string>): Promise<string> {
  const res = await call(server, "submitSignInPage", { params: { lang: "en" }, form: form(fields) });
  expect(res.status, res.text).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get("state")).toBe("xyz-123");
  return location.searchParams.get("code") ?? "";
}

const exchange = (code: string, redirect_uri = REDIRECT) =>
  call(server, "createToken", {
    form: {
      grant_type: "authorization_code",
      code,
      redirect_uri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
  });

describe("the sign-in page", () => {
  it("shows labelled PIN and password forms, escaping the client title", async () => {
    const res = await call(server, "showSignInPage", { params: { lang: "en" }, query: pageQuery() });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe("text/html");
    expect(res.text).toContain('<html lang="en"');
    expect(res.text).toContain('<label for="pin">PIN</label>');
    expect(res.text).toContain('<label for="username">User name</label>');
    expect(res.text).toContain('<label for="password">Password</label>');
    expect(res.text).toContain("Portal &lt;b&gt;");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("answers an unregistered or mismatching redirect_uri and an unknown client with a 400 page, never a redirect", async () => {
    const cases: Record<string, string>[] = [
      { redirect_uri: "https://evil.example/callback" },
      { redirect_uri: `${REDIRECT}/` },
      { redirect_uri: `${REDIRECT}?x=1` },
      { client_id: "pc_unknown" },
    ];
    for (const extra of cases) {
      const res = await call(server, "showSignInPage", { params: { lang: "en" }, query: pageQuery(extra) });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.contentType).toBe("text/html");
    }
    const post = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: form({ redirect_uri: "https://evil.example/cb", method: "pin", username: ALICE.username, pin: ALICE.pin }),
    });
    expect(post.status).toBe(400);
    expect(post.headers.get("location")).toBeNull();
  });

  it("shows the form again with a message after a wrong PIN", async () => {
    const res = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: form({ method: "pin", username: ALICE.username, pin: "000000" }),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Sign-in failed");
    expect(res.text).not.toContain("000000");
  });
});

describe("authorization_code", () => {
  it("exchanges a PIN sign-in's code for a user token without a refresh token", async () => {
    const res = await exchange(await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin }));
    expect(res.status).toBe(200);
    expect(res.json.refresh_token).toBeUndefined();
    expect(res.json.scope).toBe("users reports");
    expect(decodeJwt(res.json.access_token)).toMatchObject({ sub: "1", username: "alice", client_id: client.clientId });
  });

  it("exchanges a password sign-in's code", async () => {
    const res = await exchange(await codeFor({ method: "password", username: BOB.username, password: BOB.password }));
    expect(res.status).toBe(200);
    expect(decodeJwt(res.json.access_token).username).toBe("bob");
  });

  it("uses a code once only", async () => {
    const code = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("invalid_grant");
  });

  it("needs the exact redirect_uri and the same client", async () => {
    const code = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    const res = await exchange(code, `${REDIRECT}/other`);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_grant");
    const other = await server.registerClient("users reports", { redirectUris: [REDIRECT] });
    const code2 = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    const stolen = await call(server, "createToken", {
      json: {
        grant_type: "authorization_code",
        code: code2,
        redirect_uri: REDIRECT,
        client_id: other.clientId,
        client_secret: other.clientSecret,
      },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.json.error).toBe("invalid_grant");
  });
});

describe("the sign-in page in other languages and looks", () => {
  it("speaks German and Czech by the path's language, English for any other", async () => {
    const de = await call(server, "showSignInPage", { params: { lang: "de" }, query: pageQuery() });
    expect(de.text).toContain('<html lang="de"');
    expect(de.text).toContain("<h1>Anmelden</h1>");
    expect(de.text).toContain('<label for="username">Benutzername</label>');
    expect(de.text).toContain(">Mit PIN anmelden</button>");
    const cs = await call(server, "showSignInPage", { params: { lang: "cs-CZ" }, query: pageQuery() });
    expect(cs.text).toContain('<html lang="cs"');
    expect(cs.text).toContain('<label for="password">Heslo</label>');
    expect(cs.text).toContain('action="/cs-CZ/auth"');
    const fr = await call(server, "showSignInPage", { params: { lang: "fr" }, query: pageQuery() });
    expect(fr.text).toContain('<html lang="en"');
    const unknown = await call(server, "showSignInPage", {
      params: { lang: "de" },
      query: pageQuery({ client_id: "pc_unknown" }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Anmeldung nicht möglich");
    const failed = await call(server, "submitSignInPage", {
      params: { lang: "cs" },
      form: form({ method: "password", username: "alice", password: "" }),
    });
    expect(failed.status).toBe(400);
    expect(failed.text).toContain("Vyplňte všechna pole.");
  });

  it("keeps the theme the link asks for, through a failed attempt, and fits a phone's screen", async () => {
    const dark = await call(server, "showSignInPage", { params: { lang: "en" }, query: pageQuery({ theme: "dark" }) });
    expect(dark.status).toBe(200);
    expect(dark.text).toContain('class="dark"');
    expect(dark.text).toContain('<input type="hidden" name="theme" value="dark">');
    expect(dark.text).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    const again = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: form({ method: "password", username: "alice", theme: "dark" }),
    });
    expect(again.text).toContain('class="dark"');
    // The message is named by the fields it is about, and their first field takes the focus.
    expect(again.text).toContain('<p role="alert" id="message">Fill in every field.</p>');
    expect(again.text).toMatch(/id="username"[^>]*aria-describedby="message" aria-invalid="true" autofocus/);
    const odd = await call(server, "showSignInPage", {
      params: { lang: "en" },
      query: pageQuery({ theme: "<b>" }),
    });
    expect(odd.text).toContain('class="system"');
    expect(odd.text).toContain('value="&lt;b&gt;"');
  });
});

describe("declining", () => {
  it("sends the person back with error=access_denied and the state when they cancel", async () => {
    const page = await call(server, "showSignInPage", { params: { lang: "de" }, query: pageQuery() });
    expect(page.text).toContain(">Abbrechen und zurück</button>");
    const res = await call(server, "submitSignInPage", { params: { lang: "de" }, form: form({ method: "cancel" }) });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("xyz-123");
    expect(location.searchParams.has("code")).toBe(false);
  });
});

describe("authorization codes attacked", () => {
  it("gives exactly one token when a code is exchanged twice at once", async () => {
    const code = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    const answers = await Promise.all([exchange(code), exchange(code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("gives exactly one token when a code is exchanged 40 times in parallel", async () => {
    const code = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    const answers = await Promise.all(Array.from({ length: 40 }, () => exchange(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.json.error === "invalid_grant")).toHaveLength(39);
  });

  it("refuses a code older than a minute", async () => {
    const code = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const late = await exchange(code);
      expect(late.status).toBe(400);
      expect(late.json.error).toBe("invalid_grant");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a wrong client secret with 401 invalid_client, and the code still works for the real client", async () => {
    const code = await codeFor({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    const wrong = await call(server, "createToken", {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        client_secret: `${client.clientSecret}x`,
      },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("invalid_client");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect((await exchange(code)).status).toBe(200);
  });

  it("echoes state exactly, and leaves it out when the link had none", async () => {
    const odd = "a b&c=d/é";
    const res = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: form({ method: "pin", username: ALICE.username, pin: ALICE.pin, state: odd }),
    });
    expect(new URL(res.headers.get("location") ?? "").searchParams.get("state")).toBe(odd);
    const noState: Record<string, string> = form({ method: "pin", username: ALICE.username, pin: ALICE.pin });
    delete noState.state;
    const bare = await call(server, "submitSignInPage", { params: { lang: "en" }, form: noState });
    expect(new URL(bare.headers.get("location") ?? "").searchParams.has("state")).toBe(false);
  });
});

describe("sign-in page limits", () => {
  // Last in this file: it locks the test runner's address on this server.
  it("answers 429 with Retry-After and the form again once the address has failed 10 times", async () => {
    // One wrong PIN was already sent above; the limit is 10 per address.
    for (let i = 0; i < 9; i++) {
      const res = await call(server, "submitSignInPage", {
        params: { lang: "en" },
        form: form({ method: "pin", username: `nobody${i}`, pin: `55555${i}` }),
      });
      expect(res.status).toBe(400);
    }
    const locked = await call(server, "submitSignInPage", {
      params: { lang: "en" },
      form: form({ method: "pin", username: ALICE.username, pin: ALICE.pin }),
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.headers.get("location")).toBeNull();
    expect(locked.text).toContain("Too many failed sign-ins");
  });
});
