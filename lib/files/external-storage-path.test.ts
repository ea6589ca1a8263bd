import { describe, expect, it } from "vitest";
import { parseStoragePath, relativeSegments } from "./external-storage-path";

const base = "/api/external-storage";

describe("parseStoragePath", () => {
  it("reads the root of a person's folder with or without a trailing slash", () => {
    expect(parseStoragePath(`${base}/folders/alice/`)).toEqual({ kind: "folders", username: "alice", segments: [] });
    expect(parseStoragePath(`${base}/folders/alice`)).toEqual({ kind: "folders", username: "alice", segments: [] });
  });

  it("decodes an id once, whether MyQ encodes its slashes or not", () => {
    expect(parseStoragePath(`${base}/files/alice/to-print%2Freport%20Q1.pdf`)).toEqual({
      kind: "files",
      username: "alice",
      segments: ["to-print", "report Q1.pdf"],
    });
    expect(parseStoragePath(`${base}/files/alice/to-print/a.pdf`)).toMatchObject({ segments: ["to-print", "a.pdf"] });
    // Encoded twice: the second layer stays part of the name.
    expect(parseStoragePath(`${base}/files/alice/to-print%252Fa.pdf`)).toMatchObject({
      segments: ["to-print%2Fa.pdf"],
    });
    // A user name is never a path: it is kept as one encoded folder name (ownerSegment).
    expect(parseStoragePath(`${base}/folders/DOMAIN%5Calice/`)).toMatchObject({ username: "DOMAIN\\alice" });
    expect(parseStoragePath(`${base}/folders/j.doe%40example.com/`)).toMatchObject({ username: "j.doe@example.com" });
  });

  it("refuses a .. segment, an absolute path, a backslash, a NUL and bad encoding", () => {
    for (const id of [
      "..%2F..%2Fetc%2Fpasswd",
      "to-print%2F..%2F..%2Fbob%2Fto-print%2Fa.pdf",
      "%2E%2E",
      "%2Fetc%2Fpasswd",
      "to-print%5C..%5Ca.pdf",
      "to-print%2Fa.pdf%00.png",
      "to-print%2F%2Fa.pdf",
      "C%3A%5Cwindows",
      "%E0%A4%A",
    ])
      expect(parseStoragePath(`${base}/files/alice/${id}`), id).toBe("invalid");
    expect(parseStoragePath(`${base}/folders/..%2Fbob/`)).toBe("invalid");
    expect(parseStoragePath(`${base}/folders/%00/`)).toBe("invalid");
  });

  it("answers unknown for anything that is not one of the two calls", () => {
    expect(parseStoragePath(`${base}/elsewhere/alice/x`)).toBe("unknown");
    expect(parseStoragePath(`${base}/files/alice/`)).toBe("unknown");
    expect(parseStoragePath(`${base}/folders/`)).toBe("unknown");
    expect(parseStoragePath(`/api/other`)).toBe("unknown");
  });
});

describe("relativeSegments", () => {
  it("splits a relative path and refuses every way out", () => {
    expect(relativeSegments("")).toEqual([]);
    expect(relativeSegments("scans/")).toEqual(["scans"]);
    expect(relativeSegments("a/./b")).toBeUndefined();
    expect(relativeSegments("a/../b")).toBeUndefined();
    expect(relativeSegments("/a")).toBeUndefined();
    expect(relativeSegments("a\\b")).toBeUndefined();
    expect(relativeSegments("a\u0000")).toBeUndefined();
  });
});
