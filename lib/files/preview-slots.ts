import "server-only";
import { availableParallelism } from "node:os";
import { PortalError } from "@/lib/browser-safe/errors";
import { processSingleton } from "@/lib/process-singletons";

// Each preview is a pdftoppm process that keeps a core busy while it draws.
// So a portal process draws at most one per core at once, and one per person,
// so that one person's requests cannot slow the portal for everyone. A
// person's next preview waits for their drawing to end, so two quick clicks
// on two files both show. Beyond that one, and whenever every core draws, a
// request is refused at once, before any process starts: the person asks again.

/** The wait a refused person is told: a preview takes seconds, not minutes. */
const retryAfterSeconds = 5;

export interface PreviewSlots {
  /**
   * Runs `draw` in `person`'s slot. While their previous drawing runs, one
   * request of theirs waits for it (until `signal` aborts); any other, or one
   * finding every slot drawing, is refused `busy` at once.
   */
  run<T>(person: string, draw: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** How many previews are being drawn now. */
  readonly drawing: number;
  /** How many wait for their person's drawing to end. */
  readonly waiting: number;
}

const busy = (reason: string) =>
  new PortalError("busy", { sentenceKey: "files.answers.previewBusy", retryAfterSeconds, reason });

/** Resolves when `drawingEnds` does; rejects `busy` if `signal` aborts first (the person went away). */
function waitFor(drawingEnds: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const goneAway = () => reject(busy("the person went away while their preview waited"));
    if (signal?.aborted) return goneAway();
    signal?.addEventListener("abort", goneAway, { once: true });
    void drawingEnds.then(() => {
      signal?.removeEventListener("abort", goneAway);
      resolve();
    });
  });
}

export function createPreviewSlots(bound: number): PreviewSlots {
  /** Per person drawing now: when their drawing ends (it never rejects). */
  const drawing = new Map<string, Promise<void>>();
  /** People whose next preview waits for their drawing. */
  const waiting = new Set<string>();
  return {
    get drawing() {
      return drawing.size;
    },
    get waiting() {
      return waiting.size;
    },
    async run(person, draw, signal) {
      const previous = drawing.get(person);
      if (previous) {
        if (waiting.has(person)) throw busy("the person's next preview is waiting already");
        waiting.add(person);
        try {
          await waitFor(previous, signal);
        } finally {
          waiting.delete(person);
        }
      }
      // Checked and taken with no await between, so two requests cannot both take the last slot.
      if (drawing.has(person)) throw busy("the person's other preview is being drawn");
      if (drawing.size >= bound) throw busy("every preview slot is drawing");
      let ended!: () => void;
      drawing.set(person, new Promise((resolve) => (ended = resolve)));
      try {
        return await draw();
      } finally {
        drawing.delete(person);
        ended();
      }
    },
  };
}

/** This process's preview slots, one per core (at least one); shared by every bundle of the process. */
export function previewSlots(): PreviewSlots {
  return processSingleton("files.preview-slots", () => createPreviewSlots(Math.max(1, availableParallelism())));
}
