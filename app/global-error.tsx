"use client";

import { rememberedErrorText } from "@/components/providers/remembered-error-text";
import "./globals.css";

// Only when the portal failed before any page was shown (no texts remembered).
const english = {
  globalTitle: "Something went wrong",
  globalText: "The portal could not show this page. Please try again in a moment.",
  tryAgain: "Try again",
};

// Last resort when even the root layout fails: plain words in the person's
// language, a way to retry, never the error's details.
export default function GlobalError({ reset }: { reset: () => void }) {
  const remembered = rememberedErrorText();
  const text = remembered?.texts ?? english;
  return (
    <html lang={remembered?.locale ?? "en"}>
      <body className="min-h-dvh antialiased">
        <main className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-16">
          <h1 className="text-2xl font-bold">{text.globalTitle}</h1>
          <p className="text-fg-muted">{text.globalText}</p>
          <button
            type="button"
            onClick={reset}
            className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-on-accent hover:bg-accent-hover"
          >
            {text.tryAgain}
          </button>
        </main>
      </body>
    </html>
  );
}
