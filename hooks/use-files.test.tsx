// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { useDeleteFile, useFiles, type FileList } from "./use-files";

const file = (name: string) => ({
  name,
  size: 1024,
  type: "application/pdf",
  pages: 3,
  uploadedAt: "2026-05-01T08:00:00.000Z",
  removedAt: "2026-05-02T08:00:00.000Z",
});
const overview = (names: string[]): FileList =>
  ({
    toPrint: names.map(file),
    scans: [],
    usage: { files: names.length, bytes: names.length * 1024 },
    limits: { quotaFiles: 50, quotaBytes: 500 * 1024 * 1024, maxFileBytes: 50 * 1024 * 1024, retentionHours: 24 },
  }) as FileList;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the person's files", () => {
  it("come with the page and are not read again as it comes", async () => {
    const portal = servePortal({ "/api/files": { body: overview(["later.pdf"]) } });
    const files = renderWithClient(tabClient(), () => useFiles({ data: overview(["plan.pdf"]), at: Date.now() }));
    expect(files.result.current.data?.toPrint.map((entry) => entry.name)).toEqual(["plan.pdf"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(portal.count("/api/files")).toBe(0);
  });

  it("are read again after a delete, which names exactly the file", async () => {
    let names = ["plan.pdf", "photo.jpg"];
    const portal = servePortal({
      "/api/files": () => ({ body: overview(names) }),
      "DELETE /api/files/to-print/plan.pdf": () => {
        names = ["photo.jpg"];
        return { body: { deleted: true } };
      },
    });
    const client = tabClient();
    const view = renderWithClient(client, () => ({ files: useFiles(), deletion: useDeleteFile() }));
    await waitFor(() => expect(view.result.current.files.data?.toPrint).toHaveLength(2));
    await act(() => view.result.current.deletion.mutateAsync({ folder: "to-print", name: "plan.pdf" }));
    await waitFor(() =>
      expect(view.result.current.files.data?.toPrint.map((entry) => entry.name)).toEqual(["photo.jpg"]),
    );
    expect(portal.calls).toContain("DELETE /api/files/to-print/plan.pdf");
    expect(portal.count("/api/files")).toBe(2);
  });
});
