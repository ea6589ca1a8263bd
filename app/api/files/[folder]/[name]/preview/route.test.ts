import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfBytes, pngBytes } from "@/e2e/files-samples";
import { PortalError } from "@/lib/browser-safe/errors";
import { DirectoryStore } from "@/lib/files/directory-store";
import { previewSlots } from "@/lib/files/preview-slots";
import { forgetProcessSingleton } from "@/lib/process-singletons";
import { MemoryStateStore } from "@/lib/state/memory-state-store";

// The preview route with a drawer that ends when the test says so: how many
// previews draw at once, and what a refused person reads.

const people = {
  alice: { userId: 1, username: "alice", fullName: "Alice Liddell" },
  bob: { userId: 2, username: "bob", fullName: "Bob Builder" },
  carol: { userId: 3, username: "carol", fullName: "Carol Danvers" },
};
let signedIn = people.alice;
let language = "en";
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session: signedIn })),
  sessionUser: (session: typeof signedIn) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => language) }));
let store: DirectoryStore;
vi.mock("@/lib/files/files-service", () => ({ fileStore: () => store, sweepWhenDue: () => undefined }));
vi.mock("node:os", async (importOriginal) => ({
  ...(await importOriginal<typeof import("node:os")>()),
  availableParallelism: () => 2,
}));

/** Each drawing the route starts, to end by hand. */
const drawings: Array<{ file: string; finish: () => void; fail: (error: unknown) => void }> = [];
vi.mock("@/lib/files/preview", () => ({
  firstPagePng: vi.fn(
    (file: string) =>
      new Promise<Buffer>((resolve, reject) => {
        drawings.push({ file, finish: () => resolve(pngBytes()), fail: reject });
      }),
  ),
}));

const { POST } = await import("../../../route");
const { GET } = await import("./route");

let root: string;

async function upload(person: keyof typeof people, name: string, bytes: Buffer) {
  signedIn = people[person];
  const answer = await POST(
    new NextRequest("http://localhost:3000/api/files", {
      method: "POST",
      headers: {
        "sec-fetch-site": "same-origin",
        "content-length": String(bytes.length),
        "x-file-name": encodeURIComponent(name),
        "idempotency-key": `key-${person}-${name.replace(/\W/g, "_")}`,
      },
      body: new Uint8Array(bytes),
    }),
    { params: Promise.resolve({}) },
  );
  expect(answer.status).toBe(201);
}

/** `person` asks for the preview of `name`; resolves once the route answered. */
function preview(person: keyof typeof people, name: string) {
  signedIn = people[person];
  return GET(new NextRequest(`http://localhost:3000/api/files/to-print/${encodeURIComponent(name)}/preview`), {
    params: Promise.resolve({ folder: "to-print", name }),
  });
}

/** Waits until the route has started `count` drawings in all. */
async function drawingsStarted(count: number) {
  await vi.waitFor(() => expect(drawings).toHaveLength(count));
}

beforeEach(async () => {
  language = "en";
  drawings.length = 0;
  forgetProcessSingleton("files.preview-slots");
  root = mkdtempSync(join(tmpdir(), "preview-route-"));
  const state = new MemoryStateStore();
  store = new DirectoryStore({
    root,
    limits: { maxFileBytes: 1024 * 1024, quotaFiles: 10, quotaBytes: 10 * 1024 * 1024, retentionMs: 24 * 3_600_000 },
    withLock: (name, task) => state.withLock(name, task),
  });
  for (const person of ["alice", "bob", "carol"] as const) {
    await upload(person, "One.pdf", pdfBytes(1));
    await upload(person, "Two.pdf", pdfBytes(2));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("GET /api/files/{folder}/{name}/preview, at most so many at once", () => {
  it("draws a person's second preview once their first is drawn, and refuses a third meanwhile with the busy sentence and a wait", async () => {
    const first = preview("alice", "One.pdf");
    await drawingsStarted(1);
    const second = preview("alice", "Two.pdf");
    await vi.waitFor(() => expect(previewSlots().waiting).toBe(1));
    const third = await preview("alice", "One.pdf");
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    const body = await third.json();
    expect(body).toMatchObject({ error: "busy", retryAfterSeconds: Number(third.headers.get("retry-after")) });
    expect(body.message).toMatch(/Try this one again in a moment\./);
    expect(drawings).toHaveLength(1);

    drawings[0]!.finish();
    const drawn = await first;
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("content-type")).toBe("image/png");
    await drawingsStarted(2);
    expect(drawings[1]!.file).toMatch(/Two\.pdf$/);
    drawings[1]!.finish();
    expect((await second).status).toBe(200);
  });

  it("refuses anyone over the process's bound, in their language, before any drawing starts", async () => {
    const alice = preview("alice", "One.pdf");
    await drawingsStarted(1);
    const bob = preview("bob", "One.pdf");
    await drawingsStarted(2);
    language = "de";
    const carol = await preview("carol", "One.pdf");
    expect(carol.status).toBe(429);
    expect((await carol.json()).message).toMatch(
      /Gerade werden andere Vorschauen erstellt\. Versuchen Sie es gleich noch einmal\./,
    );
    expect(drawings).toHaveLength(2);

    drawings[1]!.finish();
    expect((await bob).status).toBe(200);
    const carolAgain = preview("carol", "One.pdf");
    await drawingsStarted(3);
    drawings[2]!.finish();
    drawings[0]!.finish();
    expect((await carolAgain).status).toBe(200);
    expect((await alice).status).toBe(200);
  });

  it("frees the person's slot when a drawing fails", async () => {
    const failed = preview("alice", "One.pdf");
    await drawingsStarted(1);
    drawings[0]!.fail(
      new PortalError("unavailable", { sentenceKey: "files.answers.noPreview", reason: "preview not drawn" }),
    );
    const answer = await failed;
    expect(answer.status).toBe(503);
    expect((await answer.json()).message).toMatch(/The preview could not be drawn/);

    const again = preview("alice", "One.pdf");
    await drawingsStarted(2);
    drawings[1]!.finish();
    expect((await again).status).toBe(200);
  });

  it("needs no slot for an image, which is its own preview, nor for a file that is not there", async () => {
    await upload("alice", "photo.png", pngBytes());
    const drawing = preview("alice", "One.pdf");
    await drawingsStarted(1);
    expect((await preview("alice", "photo.png")).status).toBe(200);
    expect((await preview("alice", "missing.pdf")).status).toBe(404);
    drawings[0]!.finish();
    expect((await drawing).status).toBe(200);
    expect(drawings).toHaveLength(1);
  });
});
