// Loaded only when a form shows the challenge: the ALTCHA web component, its
// styles, and the worker that solves the portal's challenges (PBKDF2).
import "altcha/external";
import "altcha/altcha.css";

for (const algorithm of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"]) {
  globalThis.$altcha.algorithms.set(
    algorithm,
    () => new Worker(new URL("./pbkdf2-worker.ts", import.meta.url), { type: "module" }),
  );
}

/**
 * Sets the widget's sentences in a language: the portal's own over the
 * widget's English, so a sentence the portal does not set (its code
 * challenge's, which the portal never asks for) is never missing.
 */
export function setWidgetTexts(language: string, texts: Record<string, string>): void {
  const { i18n } = globalThis.$altcha;
  i18n.set(language, { ...i18n.get("en"), ...i18n.get(language), ...texts });
}
