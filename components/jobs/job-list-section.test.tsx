// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JobView } from "@/app/api/jobs/schema";
import type { JobList } from "@/hooks/use-jobs";
import { messagesFor } from "@/lib/i18n/messages";
import { JobListSection } from "./job-list-section";

const job = (id: number) => ({ id, name: `Document ${id}.pdf` }) as JobView;

/** The fields of a list's query that the section reads. */
function listQuery(jobs: JobView[] | undefined) {
  return {
    data: jobs && { jobs, count: jobs.length, offered: true },
    error: null,
    isFetching: false,
    hasNextPage: false,
    isFetchingNextPage: false,
  } as unknown as JobList;
}

function section(query: JobList, held: boolean) {
  return (
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={messagesFor("en", ["jobs", "errors"])}>
      <JobListSection
        name="waiting"
        query={query}
        held={held}
        heading="Waiting to print"
        empty="Nothing is waiting."
        row={(shown) => <li key={shown.id}>{shown.name}</li>}
      />
    </NextIntlClientProvider>
  );
}

afterEach(cleanup);

describe("JobListSection", () => {
  it("keeps its rows back while held, and shows them once the hold ends", () => {
    const jobs = [job(1), job(2)];
    const { rerender } = render(section(listQuery(jobs), true));
    expect(screen.getByText("Loading your jobs…")).toBeTruthy();
    expect(screen.queryByText("Document 1.pdf")).toBeNull();

    rerender(section(listQuery(jobs), false));
    expect(screen.queryByText("Loading your jobs…")).toBeNull();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Document 1.pdf",
      "Document 2.pdf",
    ]);
  });

  it("shows the rows of an answer that comes after the hold ended", () => {
    const { rerender } = render(section(listQuery(undefined), false));
    expect(screen.getByText("Loading your jobs…")).toBeTruthy();

    rerender(section(listQuery([job(3)]), false));
    expect(screen.getByRole("listitem").textContent).toBe("Document 3.pdf");
  });

  it("says the list is empty once read and no longer held", () => {
    const { rerender } = render(section(listQuery([]), true));
    expect(screen.getByText("Loading your jobs…")).toBeTruthy();

    rerender(section(listQuery([]), false));
    expect(screen.getByText("Nothing is waiting.")).toBeTruthy();
  });

  it("draws the rows in a render of their own, not in the update that ends the hold", async () => {
    // Outside act(), as in a browser: an update flushed at once leaves deferred work for later.
    vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", false);
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    const jobs = [job(4)];
    try {
      flushSync(() => root.render(section(listQuery(jobs), true)));
      flushSync(() => root.render(section(listQuery(jobs), false)));
      expect(container.textContent).toContain("Loading your jobs…");
      await waitFor(() => expect(container.textContent).toContain("Document 4.pdf"));
    } finally {
      root.unmount();
      container.remove();
      vi.unstubAllGlobals();
    }
  });
});
