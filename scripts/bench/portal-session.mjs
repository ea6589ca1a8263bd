// Signing in to the portal the way a browser without JavaScript does: the
// sign-in page's form (a React server action with progressive enhancement)
// is posted as multipart form data; success is a 303 with the session cookie.
// Only the active tab's form is rendered (the PIN one); both forms post to the
// same action and differ only in their fields, so its hidden fields serve both.

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

/** The hidden fields of the sign-in form whose `method` field is `method`. */
export function signInFormFields(html, method = "pin") {
  for (const form of html.match(/<form\b[\s\S]*?<\/form>/g) ?? []) {
    const inputs = form.match(/<input\b[^>]*>/g) ?? [];
    const isIt = inputs.some((tag) => attribute(tag, "name") === "method" && attribute(tag, "value") === method);
    if (!isIt) continue;
    const fields = [];
    for (const tag of inputs) {
      const name = attribute(tag, "name");
      if (name && attribute(tag, "type") === "hidden") fields.push([name, attribute(tag, "value") ?? ""]);
    }
    return fields;
  }
  throw new BenchError(`the sign-in page has no ${method} form`);
}

function cookiePairs(response) {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]);
}

/** Loads the sign-in page once; its form fields are the same for every sign-in. */
export async function loadSignInForm(portalUrl) {
  const page = await fetch(`${portalUrl}/sign-in`);
  if (page.status !== 200) throw new BenchError(`the sign-in page answered ${page.status}`);
  return { fields: signInFormFields(await page.text()), cookies: cookiePairs(page) };
}

/**
 * Posts the sign-in form once; answers the session's Cookie header. The
 * round trip is what a person waits for after pressing "Sign in".
 */
export async function postSignIn(portalUrl, form, credentials) {
  const body = new FormData();
  for (const [name, value] of form.fields) if (!(name in credentials)) body.append(name, value);
  for (const [name, value] of Object.entries(credentials)) body.append(name, value);
  const response = await fetch(`${portalUrl}/sign-in`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { origin: portalUrl, ...(form.cookies.length ? { cookie: form.cookies.join("; ") } : {}) },
  });
  await response.body?.cancel();
  const cookies = cookiePairs(response).filter((pair) => pair.includes("session-token"));
  if (response.status !== 303 || cookies.length === 0) {
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
