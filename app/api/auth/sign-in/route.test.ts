import { beforeEach, describe, expect, it, vi } from "vitest";
import { postForm } from "@/lib/http/form-post-test-kit";
import { signInRoute } from "@/lib/browser-safe/form-routes";
import { PortalError } from "@/lib/browser-safe/errors";

// The sign-in form's route with the credential check mocked: what a browser
// without JavaScript is sent to, what the form's script reads, and what is
// refused before any attempt is made.

vi.mock("@/lib/auth/credentials-sign-in", () => ({ signInWithCredentials: vi.fn() }));
vi.mock("@/lib/auth/replace-session", () => ({
  replacePreviousSession: (_request: unknown, signIn: () => Promise<unknown>) => signIn(),
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn(async () => ({ status: "none" })) }));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));

const { signInWithCredentials } = await import("@/lib/auth/credentials-sign-in");
const { POST } = await import("./route");

const post = (fields: Record<string, string>, headers?: Record<string, string>) =>
  postForm(POST, signInRoute, fields, headers);
const json = { accept: "application/json" };

/** The session cookie a sign-in hands back, which the answer must set. */
const sessionCookie = {
  name: "authjs.session-token",
  value: "sealed-session",
  options: {
    httpOnly: true,
    path: "/",
    sameSite: "lax" as const,
    secure: false,
    partitioned: false,
    expires: new Date(Date.now() + 3_600_000),
  },
};

beforeEach(() => {
  vi.mocked(signInWithCredentials).mockReset();
  vi.mocked(signInWithCredentials).mockResolvedValue(sessionCookie);
});

describe("POST /api/auth/sign-in without JavaScript", () => {
  it("sends the browser on to the page asked for, framed if it was, uncached", async () => {
    const answer = await post({ method: "pin", pin: "112358", callbackUrl: "/reports?embed=1" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("http://localhost:3000/reports?embed=1");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("set-cookie")).toMatch(
      /^authjs\.session-token=sealed-session; Path=\/; Expires=.*; HttpOnly; SameSite=lax$/i,
    );
    expect(signInWithCredentials).toHaveBeenCalledWith({ method: "pin", pin: "112358" }, expect.anything());
  });

  it.each(["https://evil.example/", "/.//evil.example/phish", "/a/..//evil.example"])(
    "goes home instead of to another site (%s)",
    async (callbackUrl) => {
      const answer = await post({ method: "pin", pin: "112358", callbackUrl });
      expect(answer.headers.get("location")).toBe("http://localhost:3000/");
    },
  );

  it("sends a refused attempt back to the sign-in page, naming the sentence and keeping page and frame", async () => {
    vi.mocked(signInWithCredentials).mockRejectedValue(new PortalError("invalid_credentials"));
    const answer = await post({ method: "pin", pin: "999999", callbackUrl: "/reports?embed=1" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location") ?? "");
    expect(location.pathname).toBe("/sign-in");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      callbackUrl: "/reports",
      embed: "1",
      signInError: "invalid_credentials",
    });
  });

  it("says how long a lock lasts, and which form was sent, never what was typed", async () => {
    vi.mocked(signInWithCredentials).mockRejectedValue(new PortalError("locked", { retryAfterSeconds: 840 }));
    const answer = await post({ method: "password", username: "alice", password: "secret-words" });
    const location = answer.headers.get("location") ?? "";
    expect(Object.fromEntries(new URL(location).searchParams)).toEqual({
      signInError: "locked",
      retryAfter: "840",
      signInMethod: "password",
    });
    expect(location).not.toContain("alice");
    expect(location).not.toContain("secret");
  });

  it("names refused fields and makes no attempt", async () => {
    const answer = await post({ method: "pin", pin: "12ab" });
    expect(new URL(answer.headers.get("location") ?? "").searchParams.get("signInFields")).toBe("pinDigitsOnly");
    expect(signInWithCredentials).not.toHaveBeenCalled();
  });
});

describe("POST /api/auth/sign-in from the form's script (JSON)", () => {
  it("answers where to go on to", async () => {
    const answer = await post({ method: "pin", pin: "112358", callbackUrl: "/jobs" }, json);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ location: "/jobs" });
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(answer.headers.get("set-cookie")).toContain("authjs.session-token=sealed-session");
  });

  it("answers a refusal with its sentence and wait", async () => {
    vi.mocked(signInWithCredentials).mockRejectedValue(new PortalError("locked", { retryAfterSeconds: 90 }));
    const answer = await post({ method: "pin", pin: "112358" }, json);
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({
      error: "locked",
      message: "Too many attempts. Try again in 2 minutes.",
      retryAfterSeconds: 90,
    });
  });

  it("answers refused fields with a sentence beside each", async () => {
    const answer = await post({ method: "password", username: " ", password: "" }, json);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: "bad_request",
      message: "Please check the highlighted field.",
      fields: { username: "Enter your user name.", password: "Enter your password." },
    });
    expect(signInWithCredentials).not.toHaveBeenCalled();
  });
});

describe("POST /api/auth/sign-in refuses before any attempt", () => {
  it("a post from another site", async () => {
    const answer = await post({ method: "pin", pin: "112358" }, { "sec-fetch-site": "cross-site" });
    expect(answer.status).toBe(403);
    expect((await answer.json()).error).toBe("cross_site");
    expect(signInWithCredentials).not.toHaveBeenCalled();
  });

  it("a body that is not a form, or larger than a form", async () => {
    const notForm = await post({ method: "pin", pin: "112358" }, { "content-type": "application/json" });
    expect(notForm.status).toBe(400);
    const large = await post({ method: "pin", pin: "1".repeat(20_000) });
    expect(large.status).toBe(413);
    expect(signInWithCredentials).not.toHaveBeenCalled();
  });
});
