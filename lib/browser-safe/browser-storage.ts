// The browser's storage, or undefined where the browser refuses it. Merely
// reading `window.sessionStorage` throws a SecurityError in a cross-site frame
// whose third-party storage is blocked, and in some private modes: what the
// portal keeps there (drafts, recent reports, the last printer) is a comfort,
// so without storage the page works and simply remembers nothing.
export function browserStorage(kind: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}
