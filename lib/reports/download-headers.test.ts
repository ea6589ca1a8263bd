import { describe, expect, it } from "vitest";
import { downloadHeaders } from "./download-headers";

describe("downloadHeaders", () => {
  it("passes the type, a safe name and the true length, and forbids caching", () => {
    const headers = downloadHeaders(
      new Headers({
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-length": "290",
        "content-disposition": 'attachment; filename="my-monthly-summary-2026-11-21.csv"',
        "set-cookie": "upstream=1",
        "x-powered-by": "print-server",
      }),
      7,
    );
    expect(Object.fromEntries(headers)).toEqual({
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-length": "290",
      "content-disposition":
        "attachment; filename=\"my-monthly-summary-2026-11-21.csv\"; filename*=UTF-8''my-monthly-summary-2026-11-21.csv",
      "cache-control": "private, no-store, no-transform",
      "x-content-type-options": "nosniff",
    });
  });

  it("drops content-encoding and the length of an encoded body", () => {
    const headers = downloadHeaders(
      new Headers({ "content-type": "application/pdf", "content-encoding": "gzip", "content-length": "10" }),
      7,
    );
    expect(headers.get("content-encoding")).toBeNull();
    expect(headers.get("content-length")).toBeNull();
  });

  it("answers an unknown type as a neutral one and names the file itself when the server does not", () => {
    const headers = downloadHeaders(new Headers({ "content-type": "text/html" }), 7);
    expect(headers.get("content-type")).toBe("application/octet-stream");
    expect(headers.get("content-disposition")).toBe("attachment; filename=\"report-7\"; filename*=UTF-8''report-7");
  });

  it("gives a file the extension of its type", () => {
    const headers = downloadHeaders(
      new Headers({ "content-type": "application/pdf", "content-disposition": 'attachment; filename="../x.exe"' }),
      7,
    );
    expect(headers.get("content-disposition")).toBe("attachment; filename=\"x.exe.pdf\"; filename*=UTF-8''x.exe.pdf");
  });
});
