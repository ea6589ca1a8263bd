"use client";

import "./globals.css";

// Last resort when even the root layout fails: plain words, a way to retry,
// never the error's details.
export default function GlobalError({ reset }: { reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh antialiased">
        <main className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-16">
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p className="text-fg-muted">The portal could not show this page. Please try again in a moment.</p>
          <button
            type="button"
            onClick={reset}
            className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-on-accent hover:bg-accent-hover"
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
