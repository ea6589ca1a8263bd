import type { Schemas } from "../openapi/operation-types.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; font-size: 16px; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { width: min(24rem, 100% - 2rem); }
  form { display: grid; gap: .5rem; margin: 1rem 0; }
  input, button { font: inherit; padding: .6rem; }
  button { cursor: pointer; }
  [role=alert] { border: 2px solid #b3261e; padding: .6rem; }
`;

function page(lang: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

export function errorPage(lang: string, message: string): string {
  return page(lang, "Sign-in not possible", `<h1>Sign-in not possible</h1><p role="alert">${escapeHtml(message)}</p>`);
}

/** What the sign-in link carries and the form sends back. */
export type SignInRequest = Pick<Schemas["SignInForm"], "client_id" | "redirect_uri" | "scope" | "state">;

export function signInPage(lang: string, clientTitle: string, request: SignInRequest, message?: string): string {
  const hidden = (method: "pin" | "password") =>
    [
      ["client_id", request.client_id],
      ["redirect_uri", request.redirect_uri],
      ["scope", request.scope],
      ...(request.state !== undefined ? [["state", request.state]] : []),
      ["method", method],
    ]
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? "")}">`)
      .join("");
  const action = `/${encodeURIComponent(lang)}/auth`;
  return page(
    lang,
    "Sign in",
    `<h1>Sign in</h1>
<p>${escapeHtml(clientTitle)} asks to use your print account.</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="${action}">${hidden("pin")}
  <label for="pin">PIN</label>
  <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required>
  <button type="submit">Sign in with PIN</button>
</form>
<p>Or use your user name and password.</p>
<form method="post" action="${action}">${hidden("password")}
  <label for="username">User name</label>
  <input id="username" name="username" autocomplete="username" required>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in with password</button>
</form>`,
  );
}
