import { afterEach, describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { forgetProcessSingleton } from "@/lib/process-singletons";
import { createPreviewSlots, previewSlots } from "./preview-slots";

const machine = vi.hoisted(() => ({ cores: 2 }));
vi.mock("node:os", async (importOriginal) => ({
  ...(await importOriginal<typeof import("node:os")>()),
  availableParallelism: () => machine.cores,
}));

/** A drawing that ends when the test says so. */
function pending() {
  let finish!: (png: Buffer) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<Buffer>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const png = Buffer.from("png");
const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (error: unknown) => error,
  );

function expectBusy(error: unknown) {
  expect(error).toBeInstanceOf(PortalError);
  expect(error).toMatchObject({ code: "busy", sentenceKey: "files.answers.previewBusy" });
  expect((error as PortalError).retryAfterSeconds).toBeGreaterThan(0);
}

afterEach(() => forgetProcessSingleton("files.preview-slots"));

describe("preview slots", () => {
  it("lets a person's second preview wait for their first, and refuses a third meanwhile without starting it", async () => {
    const slots = createPreviewSlots(4);
    const first = pending();
    const drawingFirst = slots.run("alice", () => first.promise);
    const second = pending();
    const secondDrawer = vi.fn(() => second.promise);
    const drawingSecond = slots.run("alice", secondDrawer);
    expect(slots.waiting).toBe(1);
    const third = vi.fn(async () => png);
    expectBusy(await refusal(slots.run("alice", third)));
    expect(third).not.toHaveBeenCalled();
    // Someone else is not held up by alice.
    await expect(slots.run("bob", async () => png)).resolves.toBe(png);
    expect(secondDrawer).not.toHaveBeenCalled();

    first.finish(png);
    await expect(drawingFirst).resolves.toBe(png);
    await vi.waitFor(() => expect(secondDrawer).toHaveBeenCalledOnce());
    expect(slots).toMatchObject({ drawing: 1, waiting: 0 });
    second.finish(png);
    await expect(drawingSecond).resolves.toBe(png);
  });

  it("waits after a failed drawing too", async () => {
    const slots = createPreviewSlots(1);
    const first = pending();
    const drawingFirst = slots.run("alice", () => first.promise);
    const drawingSecond = slots.run("alice", async () => png);
    first.fail(new PortalError("unavailable"));
    await expect(drawingFirst).rejects.toMatchObject({ code: "unavailable" });
    await expect(drawingSecond).resolves.toBe(png);
  });

  it("stops a waiting preview when its person goes away, and starts nothing", async () => {
    const slots = createPreviewSlots(4);
    const first = pending();
    const drawingFirst = slots.run("alice", () => first.promise);
    const controller = new AbortController();
    const second = vi.fn(async () => png);
    const waitingSecond = refusal(slots.run("alice", second, controller.signal));
    controller.abort();
    expectBusy(await waitingSecond);
    expect(slots.waiting).toBe(0);
    // Her next request waits again.
    const third = slots.run("alice", async () => png);
    expect(slots.waiting).toBe(1);
    first.finish(png);
    await drawingFirst;
    await expect(third).resolves.toBe(png);
    expect(second).not.toHaveBeenCalled();
    // A signal aborted before the request waits never waits.
    const again = pending();
    const drawingAgain = slots.run("alice", () => again.promise);
    expectBusy(await refusal(slots.run("alice", second, AbortSignal.abort())));
    again.finish(png);
    await drawingAgain;
    expect(second).not.toHaveBeenCalled();
  });

  it("refuses a waiting preview whose slot is taken by others when its turn comes", async () => {
    const slots = createPreviewSlots(1);
    const first = pending();
    const drawingFirst = slots.run("alice", () => first.promise);
    const second = vi.fn(async () => png);
    const waitingSecond = refusal(slots.run("alice", second));
    first.finish(png);
    await drawingFirst;
    // Bob asks after her first has ended, before her waiting second resumes.
    const bob = pending();
    const drawingBob = slots.run("bob", () => bob.promise);
    expectBusy(await waitingSecond);
    expect(second).not.toHaveBeenCalled();
    bob.finish(png);
    await drawingBob;
  });

  it("refuses anyone once the process's bound draws, and lets them in when one ends", async () => {
    const slots = createPreviewSlots(2);
    const alice = pending();
    const bob = pending();
    const drawingAlice = slots.run("alice", () => alice.promise);
    const drawingBob = slots.run("bob", () => bob.promise);
    expect(slots.drawing).toBe(2);
    const carol = vi.fn(async () => png);
    expectBusy(await refusal(slots.run("carol", carol)));
    expect(carol).not.toHaveBeenCalled();
    bob.finish(png);
    await drawingBob;
    await expect(slots.run("carol", carol)).resolves.toBe(png);
    alice.finish(png);
    await drawingAlice;
    expect(slots.drawing).toBe(0);
  });

  it("frees the slot after a drawing, and after every way one fails", async () => {
    const slots = createPreviewSlots(1);
    const outcomes: Array<() => Promise<Buffer>> = [
      async () => png,
      async () => {
        throw new PortalError("unavailable", { sentenceKey: "files.answers.noPreview", reason: "preview not drawn" });
      },
      // As pdftoppm's time limit ends it.
      () => new Promise((_, reject) => setTimeout(() => reject(new PortalError("unavailable")), 5)),
      // A drawer that throws before it hands back a promise.
      () => {
        throw new TypeError("no drawer");
      },
    ];
    for (const draw of outcomes) {
      await slots.run("alice", draw).catch(() => undefined);
      expect(slots.drawing).toBe(0);
      await expect(slots.run("alice", async () => png)).resolves.toBe(png);
    }
  });

  it("passes a failed drawing's error on as it is", async () => {
    const slots = createPreviewSlots(1);
    const failed = new PortalError("unavailable", { sentenceKey: "files.answers.noPreview" });
    await expect(slots.run("alice", () => Promise.reject(failed))).rejects.toBe(failed);
  });

  it("never draws more than the bound, nor two for one person, under 40 requests at once", async () => {
    const bound = 3;
    const slots = createPreviewSlots(bound);
    const people = ["alice", "bob", "carol", "dave", "erin", "frank"];
    let running = 0;
    let most = 0;
    const runningOf = new Map<string, number>();
    const slowDrawer = (person: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      runningOf.set(person, (runningOf.get(person) ?? 0) + 1);
      expect(runningOf.get(person)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      runningOf.set(person, (runningOf.get(person) ?? 0) - 1);
      running -= 1;
      return png;
    };
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const person = people[index % people.length]!;
        // Staggered, so that some ask while others draw and some after others end.
        await new Promise((resolve) => setTimeout(resolve, (index % 8) * 7));
        return slots.run(person, slowDrawer(person)).then(
          () => "drawn" as const,
          (error: unknown) => {
            expectBusy(error);
            return "busy" as const;
          },
        );
      }),
    );
    expect(most).toBe(bound);
    expect(slots.waiting).toBe(0);
    expect(results.filter((result) => result === "drawn").length).toBeGreaterThanOrEqual(bound);
    expect(results.filter((result) => result === "busy").length).toBeGreaterThan(0);
    expect(results.every((result) => result === "drawn" || result === "busy")).toBe(true);
    expect(slots.drawing).toBe(0);
  });
});

describe("the process's preview slots", () => {
  it("are one per process, bounded by the machine's parallelism", async () => {
    machine.cores = 2;
    expect(previewSlots()).toBe(previewSlots());
    const first = pending();
    const second = pending();
    const drawing = [previewSlots().run("alice", () => first.promise), previewSlots().run("bob", () => second.promise)];
    expectBusy(await refusal(previewSlots().run("carol", async () => png)));
    first.finish(png);
    second.finish(png);
    await Promise.all(drawing);
  });

  it("draw at least one at a time when the machine reports no parallelism", async () => {
    machine.cores = 0;
    const first = pending();
    const drawing = previewSlots().run("alice", () => first.promise);
    expectBusy(await refusal(previewSlots().run("bob", async () => png)));
    first.finish(png);
    await drawing;
    await expect(previewSlots().run("bob", async () => png)).resolves.toBe(png);
  });
});
