// Signing in to the portal the way a browser without JavaScript does: the
// sign-in page's form is read (where it posts, how it encodes its fields, its
// hidden fields) and posted as such, an urlencoded form post to the sign-in
// route; success is a redirect with the session cookie. Only the active tab's form
// is rendered (the PIN one); both forms post alike and differ only in their
// fields, so its hidden fields serve both.

import { BenchError } from "./bench-error.mjs";

const entities = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeHtml(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === "#")
      return String.fromCodePoint(name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
}

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeHtml(match[1]) : undefined;
}

/** The sign-in form whose `method` field is `method`: where it posts, its encoding and its hidden fields. */
export function signInForm(html, method = "pin") {
  for (const form of html.match(/<form\b[\s\S]*?<\/form>/g) ?? []) {
    const inputs = form.match(/<input\b[^>]*>/g) ?? [];
    const isIt = inputs.some((tag) => attribute(tag, "name") === "method" && attribute(tag, "value") === method);
    if (!isIt) continue;
    const fields = [];
    for (const tag of inputs) {
      const name = attribute(tag, "name");
      if (name && attribute(tag, "type") === "hidden") fields.push([name, attribute(tag, "value") ?? ""]);
    }
    const formTag = form.match(/<form\b[^>]*>/)[0];
    return {
      action: attribute(formTag, "action") ?? "",
      multipart: /multipart\/form-data/i.test(attribute(formTag, "enctype") ?? attribute(formTag, "encType") ?? ""),
      fields,
    };
  }
  throw new BenchError(`the sign-in page has no ${method} form`);
}

function cookiePairs(response) {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]);
}

/** Loads the sign-in page once; its form is the same for every sign-in. */
export async function loadSignInForm(portalUrl) {
  const page = await fetch(`${portalUrl}/sign-in`);
  if (page.status !== 200) throw new BenchError(`the sign-in page answered ${page.status}`);
  const form = signInForm(await page.text());
  return { ...form, url: new URL(form.action, `${portalUrl}/sign-in`).toString(), cookies: cookiePairs(page) };
}

/** The fields the form posts: its hidden fields, less those `credentials` give, then the credentials. */
export function signInFields(form, credentials) {
  return [...form.fields.filter(([name]) => !(name in credentials)), ...Object.entries(credentials)];
}

/** The headers a browser sends with the form: the page's origin and the cookies the sign-in page set. */
export function signInHeaders(origin, form) {
  return { origin, ...(form.cookies.length ? { cookie: form.cookies.join("; ") } : {}) };
}

/** The session cookie pairs a sign-in's answer sets: none unless it is the redirect of a success. */
export function sessionCookies(status, setCookieLines) {
  if (status < 300 || status > 399) return [];
  return setCookieLines.map((line) => line.split(";")[0]).filter((pair) => pair.includes("session-token"));
}

/**
 * Posts the sign-in form once, encoded as the form says; answers the
 * session's Cookie header. The round trip is what a person waits for after
 * pressing "Sign in".
 */
export async function postSignIn(portalUrl, form, credentials) {
  const body = form.multipart ? new FormData() : new URLSearchParams();
  for (const [name, value] of signInFields(form, credentials)) body.append(name, value);
  const response = await fetch(form.url, {
    method: "POST",
    body,
    redirect: "manual",
    headers: signInHeaders(portalUrl, form),
  });
  await response.body?.cancel();
  const cookies = sessionCookies(response.status, response.headers.getSetCookie());
  if (cookies.length === 0) {
    throw new BenchError(
      `the portal sign-in answered ${response.status} without a session (check the credentials and the sign-in form)`,
    );
  }
  return cookies.join("; ");
}

export async function signInToPortal(portalUrl, credentials) {
  const form = await loadSignInForm(portalUrl);
  return postSignIn(portalUrl, form, credentials);
}
