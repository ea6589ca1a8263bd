// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pngBytes } from "@/e2e/files-samples";
import { makeQueryClient } from "@/lib/browser-safe/query-client";
import { messagesFor } from "@/lib/i18n/messages";
import { ToPrintList } from "./file-lists";

const busySentence = "Other previews are being drawn just now. Try this one again in a moment.";
const plan = {
  name: "plan.pdf",
  size: 1024,
  type: "application/pdf",
  pages: 2,
  uploadedAt: "2026-05-01T08:00:00.000Z",
  removedAt: "2026-05-02T08:00:00.000Z",
};

const refusal = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const image = () => new Response(new Uint8Array(pngBytes()), { headers: { "content-type": "image/png" } });

/** Answers the preview requests in turn; records each path asked for. */
function servePreviews(...answers: Array<() => Response>) {
  const fetch = vi.fn(async (path: string) => {
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request for ${path}`);
    return next();
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The list as the page shows it, in Strict Mode as in development (effects run twice). */
function renderList() {
  return render(
    <StrictMode>
      <QueryClientProvider client={makeQueryClient()}>
        <NextIntlClientProvider locale="en" timeZone="UTC" messages={messagesFor("en", ["files", "errors"])}>
          <ToPrintList files={[plan]} locale="en" onDelete={() => undefined} deleting={undefined} />
        </NextIntlClientProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a file's preview", () => {
  it("is asked for only on Preview, and shows the first page", async () => {
    const fetch = servePreviews(image);
    renderList();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    // Said in a status that is always there, so a screen reader reads it out as it comes.
    expect(screen.getByRole("status").textContent).toBe("Drawing the first page…");
    const shown = await screen.findByRole("img", { name: "First page of plan.pdf" });
    expect(shown.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(["/api/files/to-print/plan.pdf/preview"]);
    expect(screen.getByRole("button", { name: "Hide preview" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("says when previews are busy, and draws it when the person asks again", async () => {
    const fetch = servePreviews(
      () => refusal(429, { error: "busy", message: busySentence, retryAfterSeconds: 5 }),
      image,
    );
    renderList();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByText(busySentence);
    expect(screen.getByRole("status").textContent).toBe(busySentence);
    expect(screen.queryByRole("img")).toBeNull();
    // The sentence comes at once, and no second request behind the person's back: they decide.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledTimes(1);

    const again = screen.getByRole("button", { name: "Preview" });
    expect(again.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(again);
    await screen.findByRole("img", { name: "First page of plan.pdf" });
    expect(screen.queryByText(busySentence)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("says the route's sentence for a preview that could not be drawn, and its own when there is none", async () => {
    const noPreview = "The preview could not be drawn. The file can still be printed; try the preview again later.";
    servePreviews(
      () => refusal(503, { error: "unavailable", message: noPreview }),
      () => new Response("<html>bad gateway</html>", { status: 502 }),
    );
    renderList();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByText(noPreview);
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByText("The preview could not be drawn. The file can still be printed.");
  });
});
