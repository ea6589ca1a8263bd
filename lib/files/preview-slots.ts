import "server-only";
import { availableParallelism } from "node:os";
import { PortalError } from "@/lib/browser-safe/errors";
import { processSingleton } from "@/lib/process-singletons";

// Each preview is a pdftoppm process that keeps a core busy while it draws.
// So a portal process draws at most one per core at once, and one per person,
// so that one person's requests cannot slow the portal for everyone. A request
// over either limit is refused at once, before any process starts, not queued:
// the person asks again.

/** The wait a refused person is told: a preview takes seconds, not minutes. */
const retryAfterSeconds = 5;

export interface PreviewSlots {
  /** Runs `draw` in a slot of `person`'s; throws `busy` at once when they or the process have none free. */
  run<T>(person: string, draw: () => Promise<T>): Promise<T>;
  /** How many previews are being drawn now. */
  readonly drawing: number;
}

export function createPreviewSlots(bound: number): PreviewSlots {
  // With one slot per person, the people drawing are also the count.
  const drawing = new Set<string>();
  return {
    get drawing() {
      return drawing.size;
    },
    async run(person, draw) {
      // Checked and taken before the first await, so two requests cannot both take the last slot.
      const reason = drawing.has(person)
        ? "the person's other preview is being drawn"
        : drawing.size >= bound
          ? "every preview slot is drawing"
          : undefined;
      if (reason)
        throw new PortalError("busy", { sentenceKey: "files.answers.previewBusy", retryAfterSeconds, reason });
      drawing.add(person);
      try {
        return await draw();
      } finally {
        drawing.delete(person);
      }
    },
  };
}

/** This process's preview slots, one per core (at least one); shared by every bundle of the process. */
export function previewSlots(): PreviewSlots {
  return processSingleton("files.preview-slots", () => createPreviewSlots(Math.max(1, availableParallelism())));
}
