import type { Schemas } from "../openapi/operation-types.js";
import { pageLanguage, pageText, type PageMessage } from "./sign-in-page-text.js";

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * MyQ's sign-in page takes a `theme` from the application that links to it,
 * so the page matches the application. We know `light` and `dark`; anything
 * else (or none) follows the device's setting.
 */
export type PageTheme = "light" | "dark" | "system";
export const pageTheme = (theme: string | undefined): PageTheme =>
  theme === "light" || theme === "dark" ? theme : "system";

// Large enough to tap on a phone (44 px targets, 16 px text so iOS does not zoom),
// contrast of at least 4.5:1 in both themes, a visible focus ring.
export const PAGE_STYLE = `
  :root { --bg: #fff; --fg: #1a1a1a; --muted: #4a4a4a; --line: #767676; --accent: #0b57d0; --on-accent: #fff; --err: #b3261e;
    font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; }
  :root.dark { --bg: #121212; --fg: #f1f1f1; --muted: #c8c8c8; --line: #9a9a9a; --accent: #a8c7fa; --on-accent: #062e6f; --err: #f2b8b5; }
  @media (prefers-color-scheme: dark) { :root.system { --bg: #121212; --fg: #f1f1f1; --muted: #c8c8c8; --line: #9a9a9a; --accent: #a8c7fa; --on-accent: #062e6f; --err: #f2b8b5; } }
  :root.light { color-scheme: light; } :root.dark { color-scheme: dark; } :root.system { color-scheme: light dark; }
  body { margin: 0; background: var(--bg); color: var(--fg); display: grid; place-items: start center; min-height: 100vh; }
  main { width: min(26rem, 100% - 2rem); padding: 1.5rem 0 3rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .5rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .25rem; }
  p { color: var(--muted); margin: .25rem 0; }
  form { display: grid; gap: .4rem; margin: .5rem 0 0; }
  label { font-weight: 600; margin-top: .4rem; }
  input, button { font: inherit; min-height: 2.75rem; padding: .5rem .75rem; border-radius: .4rem; box-sizing: border-box; width: 100%; }
  input { border: 1px solid var(--line); background: var(--bg); color: var(--fg); }
  button { cursor: pointer; border: 0; background: var(--accent); color: var(--on-accent); font-weight: 600; margin-top: .6rem; }
  button.secondary { background: transparent; color: var(--fg); border: 1px solid var(--line); margin-top: 1.5rem; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  [role=alert] { border: 2px solid var(--err); color: var(--fg); padding: .6rem .75rem; border-radius: .4rem; }
`;

function page(lang: string, theme: PageTheme, title: string, body: string): string {
  return `<!doctype html>
<html lang="${pageLanguage(lang)}" class="${theme}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${theme === "system" ? "light dark" : theme}">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

export function errorPage(lang: string, message: PageMessage, theme?: string): string {
  const t = pageText(lang);
  return page(
    lang,
    pageTheme(theme),
    t.notPossible,
    `<h1>${t.notPossible}</h1><p role="alert">${escapeHtml(t[message])}</p>`,
  );
}

/** What the sign-in link carries and the form sends back. */
export type SignInRequest = Pick<
  Schemas["SignInForm"],
  "client_id" | "redirect_uri" | "scope" | "state" | "theme" | "code_challenge" | "code_challenge_method"
>;

/**
 * Two forms, PIN and user name with password. After a failed attempt the
 * message is announced (role=alert), named by the fields it concerns
 * (aria-describedby) and the method's first field gets the focus, without script.
 */
export function signInPage(
  lang: string,
  clientTitle: string,
  request: SignInRequest,
  failed?: { method: "pin" | "password" | "cancel"; message: PageMessage },
): string {
  const t = pageText(lang);
  const hidden = (method: "pin" | "password" | "cancel") =>
    [
      ["client_id", request.client_id],
      ["redirect_uri", request.redirect_uri],
      ["scope", request.scope],
      ...(request.state !== undefined ? [["state", request.state]] : []),
      ...(request.theme !== undefined ? [["theme", request.theme]] : []),
      ...(request.code_challenge !== undefined ? [["code_challenge", request.code_challenge]] : []),
      ...(request.code_challenge_method !== undefined
        ? [["code_challenge_method", request.code_challenge_method]]
        : []),
      ["method", method],
    ]
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? "")}">`)
      .join("");
  const about = (method: "pin" | "password") =>
    failed?.method === method ? ` aria-describedby="message" aria-invalid="true"` : "";
  const focus = (method: "pin" | "password") => (failed?.method === method ? " autofocus" : "");
  const action = `/${encodeURIComponent(lang)}/auth`;
  return page(
    lang,
    pageTheme(request.theme),
    t.title,
    `<h1>${t.title}</h1>
<p>${escapeHtml(t.asks(clientTitle))}</p>
${failed ? `<p role="alert" id="message">${escapeHtml(t[failed.message])}</p>` : ""}
<h2 id="with-pin">${t.withPin}</h2>
<form method="post" action="${action}" aria-labelledby="with-pin">${hidden("pin")}
  <label for="pin">${t.pin}</label>
  <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required${about("pin")}${focus("pin")}>
  <button type="submit">${t.signInPin}</button>
</form>
<h2 id="with-password">${t.withPassword}</h2>
<form method="post" action="${action}" aria-labelledby="with-password">${hidden("password")}
  <label for="username">${t.username}</label>
  <input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required${about("password")}${focus("password")}>
  <label for="password">${t.password}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${about("password")}>
  <button type="submit">${t.signInPassword}</button>
</form>
<form method="post" action="${action}">${hidden("cancel")}
  <button type="submit" class="secondary">${t.cancel}</button>
</form>`,
  );
}
